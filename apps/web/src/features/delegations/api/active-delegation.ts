import type { Delegation } from '@service-hall/contracts';

/** My delegation in force at `now` (seconds) that ends last, if any — drives the "delegation active" banner. */
export function activeDelegation(given: readonly Delegation[], now: number): Delegation | undefined {
  return given.filter((d) => d.from <= now && now <= d.to).sort((a, b) => b.to - a.to)[0];
}

/** Client-side checks before the server's (which stays the authority): self, end after start. */
export function delegationProblem(
  input: { entrusteeId: string; from: number; to: number },
  me: { id: string; account: string },
): 'self' | 'window' | undefined {
  if (input.entrusteeId === me.id || input.entrusteeId === me.account) return 'self';
  if (!(input.to > input.from)) return 'window';
  return undefined;
}
