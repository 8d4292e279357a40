/** A proposed delegation, checked before it is stored. */
export interface DelegationDraft {
  fromUserId: string;
  toUserId: string;
  from: number;
  to: number;
}

export type DelegationProblem = 'DELEGATION_SELF' | 'DELEGATION_WINDOW' | 'DELEGATION_RANGE' | null;

/** The furthest a delegation may reach: one year (a long absence is renewed, not granted forever). */
export const MAX_DELEGATION_SECONDS = 366 * 86_400;
/** How far back a start may lie: a day, for "from today" pickers and clock skew. */
export const PAST_START_SECONDS = 86_400;

/**
 * Rules that need no database (docs/product.md §11): nobody delegates to themselves, a window runs forwards and has
 * not already ended, and it lies between yesterday and a year from now (`to=9000000000000` was once
 * stored and every page showing it crashed). Overlap is checked against stored delegations by the service.
 */
export function checkDelegation(d: DelegationDraft, now: number): DelegationProblem {
  if (d.fromUserId === d.toUserId) return 'DELEGATION_SELF';
  if (d.from < now - PAST_START_SECONDS || d.to > now + MAX_DELEGATION_SECONDS) return 'DELEGATION_RANGE';
  if (!(d.to > d.from) || d.to <= now) return 'DELEGATION_WINDOW';
  return null;
}
