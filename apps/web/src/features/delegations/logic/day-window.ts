function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/**
 * A delegation window from whole days, both inclusive, in seconds as the API keeps it: [from, to). A window
 * "ending 30 November" runs to the end of that day (to = 1 December 00:00 local), and one starting today starts
 * now rather than at midnight already past.
 */
export function dayWindow(firstDay: Date, lastDay: Date, now: Date): { from: number; to: number } {
  const start = startOfDay(firstDay);
  const from = Math.max(
    start.getTime(),
    startOfDay(now).getTime() === start.getTime() ? now.getTime() : start.getTime(),
  );
  const end = startOfDay(lastDay);
  const to = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1).getTime();
  return { from: Math.floor(from / 1000), to: Math.floor(to / 1000) };
}

/** The last moment inside a window ending at `to` (exclusive), for showing "until 30 November 23:59". */
export function lastMoment(to: number): number {
  return to - 60;
}

/** True for days before today: a delegation cannot be given for the past. */
export function isPastDay(day: Date, now: Date): boolean {
  return startOfDay(day).getTime() < startOfDay(now).getTime();
}
