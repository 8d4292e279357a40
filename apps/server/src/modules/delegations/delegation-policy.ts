/** A proposed delegation, checked before it is stored. */
export interface DelegationDraft {
  fromUserId: string;
  toUserId: string;
  from: number;
  to: number;
}

export type DelegationProblem = 'DELEGATION_SELF' | 'DELEGATION_WINDOW' | null;

/**
 * Rules that need no database (DESIGN §5): nobody delegates to themselves, and a window runs forwards and has
 * not already ended. Overlap is checked against stored delegations by the service.
 */
export function checkDelegation(d: DelegationDraft, now: number): DelegationProblem {
  if (d.fromUserId === d.toUserId) return 'DELEGATION_SELF';
  if (!(d.to > d.from) || d.to <= now) return 'DELEGATION_WINDOW';
  return null;
}

/** Only the delegator may delete a delegation. */
export function canDeleteDelegation(userId: string, delegation: { from_user_id: string }): boolean {
  return delegation.from_user_id === userId;
}
