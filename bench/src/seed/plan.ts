/**
 * How big the benchmark university is for a given process count. The full size is 1,000,000 processes
 * with 50,000 users and 500 apps; smaller runs scale people and apps down proportionally (with floors, so the
 * lists of the benchmark users keep realistic lengths).
 */
export interface SeedPlan {
  processes: number;
  users: number;
  /** The first `staff` users approve tasks and receive copies; they are the read-benchmark pool. */
  staff: number;
  apps: number;
  /** Open tasks of `bench-heavy` (the 5,000-task to-do list). */
  heavyTasks: number;
  /** Single-step processes whose one open task the action benchmark handles (each exactly once). */
  freshTasks: number;
  /** Accounts the fresh tasks are spread over (the rate limit counts per user). */
  actors: number;
  /** Share of background processes still running (one open task each). */
  doingShare: number;
  /** Copies per process (0.2 → 200,000 at 1,000,000). */
  ccShare: number;
}

export function planFor(processes: number, overrides: Partial<SeedPlan> = {}): SeedPlan {
  const scale = processes / 1_000_000;
  const users = Math.max(5_000, Math.round(50_000 * scale));
  return {
    processes,
    users,
    // At least 500 staff: they are the read benchmark's token pool, and the rate limit allows 600 calls a minute each.
    staff: Math.max(500, Math.round(users / 10)),
    apps: Math.max(50, Math.min(500, Math.round(500 * scale * 10))),
    heavyTasks: Math.min(5_000, Math.floor(processes / 2)),
    freshTasks: Math.min(20_000, Math.floor(processes / 5)),
    actors: 100,
    doingShare: 0.1,
    ccShare: 0.2,
    ...overrides,
  };
}

export const BENCH_PASSWORD = 'demo123';
export const HEAVY_ACCOUNT = 'bench-heavy';
export const staffAccount = (i: number) => `bench-staff-${String(i).padStart(5, '0')}`;
export const actorAccount = (i: number) => `bench-actor-${String(i).padStart(3, '0')}`;
export const studentAccount = (i: number) => `bench-u-${String(i).padStart(6, '0')}`;
/** Bench user ids mirror the demo's `u-<account>` convention. */
export const idOf = (account: string) => `u-${account}`;

/** Small deterministic PRNG (mulberry32): the same size always yields the same university. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
