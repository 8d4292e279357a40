/** The years offered by the done filter: this year and the two before (docs/product.md §9). */
export function yearOptions(now: Date = new Date()): number[] {
  const y = now.getFullYear();
  return [y, y - 1, y - 2];
}

/** 1 January 00:00:00 to 31 December 23:59:59 of `year` in local time, in seconds. */
export function yearRange(year: number): [number, number] {
  const from = new Date(year, 0, 1, 0, 0, 0).getTime() / 1000;
  const to = new Date(year, 11, 31, 23, 59, 59).getTime() / 1000;
  return [from, to];
}

/** The `timestamps` query value "from,to" for a year. */
export function yearTimestamps(year: number): string {
  return yearRange(year).join(',');
}

/** The year a `timestamps` value stands for, when it is one of ours. */
export function yearOfTimestamps(timestamps: string | undefined): number | undefined {
  if (!timestamps) return undefined;
  const from = Number(timestamps.split(',')[0]);
  if (!Number.isFinite(from)) return undefined;
  const year = new Date(from * 1000).getFullYear();
  return yearTimestamps(year) === timestamps ? year : undefined;
}
