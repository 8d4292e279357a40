/** Minimal `--name value` / `--flag` parser: the bench scripts take a handful of options and no dependency. */
export function parseArgs(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) out.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) out.set(name, argv[++i]!);
    else out.set(name, 'true');
  }
  return out;
}

/** Default database per size, so `bench:seed` and `bench` agree without flags. */
export function defaultDatabase(processes: number, db: string): string {
  if (db === 'postgres') return `postgres://postgres@127.0.0.1:5432/bench_${processes}`;
  return `sqlite:${new URL(`../../data/bench-${processes}.sqlite`, import.meta.url).pathname}`;
}

/** `10000`, `10k`, `1m` → a number. */
export function parseCount(value: string): number {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(value.trim());
  if (!m) throw new Error(`not a count: ${value}`);
  const unit = m[2]!.toLowerCase() === 'k' ? 1e3 : m[2]!.toLowerCase() === 'm' ? 1e6 : 1;
  return Math.round(Number(m[1]) * unit);
}
