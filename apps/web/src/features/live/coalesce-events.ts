/**
 * Gathers push events arriving close together and hands them over as one batch after `delayMs` from the first.
 * A batch of 100 actions would otherwise make every list refetch 100 times (each refetch cancelling the last) and
 * spend the user's request budget; one refetch per burst shows the same end state, at most `delayMs` later.
 */
export function coalesceEvents<E>(
  flush: (events: E[]) => void,
  delayMs: number,
): { push(event: E): void; cancel(): void } {
  let pending: E[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    push(event) {
      pending.push(event);
      timer ??= setTimeout(() => {
        const events = pending;
        pending = [];
        timer = null;
        flush(events);
      }, delayMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = [];
    },
  };
}
