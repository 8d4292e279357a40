/** Who an assignee rule names, through the caller's preloaded Directory. */
import type { AssigneeRule, Directory } from './types.ts';

function accountsIn(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
  if (Array.isArray(value)) return value.flatMap(accountsIn);
  return [];
}

function lookup(rule: AssigneeRule, ctx: AssigneeContext): Array<string | null> {
  const { directory } = ctx;
  switch (rule.type) {
    case 'starter':
      return [ctx.starterId];
    case 'user':
      return [directory.userIdByAccount(rule.account)];
    case 'role':
      return directory.userIdsWithRole(rule.role);
    case 'departmentHead':
      return [directory.departmentHeadOf(ctx.starterId)];
    case 'field':
      return accountsIn(ctx.data[rule.field]).map((account) => directory.userIdByAccount(account));
  }
}

export interface AssigneeContext {
  starterId: string;
  data: Record<string, unknown>;
  directory: Directory;
}

/**
 * User ids a rule names, deduplicated in directory order. The starter is kept only for the 'starter'
 * rule, so nobody approves their own request by being, say, a member of the approving role.
 */
export function resolveAssignees(rule: AssigneeRule, ctx: AssigneeContext): string[] {
  const ids = lookup(rule, ctx).filter((id): id is string => typeof id === 'string' && id !== '');
  const unique = [...new Set(ids)];
  return rule.type === 'starter' ? unique : unique.filter((id) => id !== ctx.starterId);
}

/** Users copied by a set of cc rules: deduplicated, never the starter (they know about their own process). */
export function resolveCopies(rules: AssigneeRule[], ctx: AssigneeContext): string[] {
  const ids = rules.flatMap((rule) => resolveAssignees(rule, ctx));
  return [...new Set(ids)].filter((id) => id !== ctx.starterId);
}
