import type { AssigneeRule, DefinitionIssue, ProcessDefinition } from '@service-hall/engine';

import type { Db } from '../../db/database.ts';

/** Every assignee rule of a definition with the JSON path it sits at and the step it belongs to. */
function rulesOf(def: ProcessDefinition): Array<{ rule: AssigneeRule; path: string; stepId?: string }> {
  const out: Array<{ rule: AssigneeRule; path: string; stepId?: string }> = [];
  def.cc?.forEach((cc, j) => out.push({ rule: cc.assignee, path: `cc.${j}.assignee` }));
  def.steps.forEach((step, i) => {
    out.push({ rule: step.assignee, path: `steps.${i}.assignee`, stepId: step.id });
    step.cc?.forEach((cc, j) => out.push({ rule: cc.assignee, path: `steps.${i}.cc.${j}.assignee`, stepId: step.id }));
    if (step.whenNobody?.action === 'assign')
      out.push({ rule: step.whenNobody.assignee, path: `steps.${i}.whenNobody.assignee`, stepId: step.id });
  });
  return out;
}

/**
 * Assignee rules naming a person or a role the directory does not know: a typo an administrator would otherwise
 * find only when a process stops. A person must be an enabled user; a role must be in the role catalogue or held by
 * somebody (the built-in templates name roles an institution's import brings, not the catalogue's seed).
 */
export async function missingAssignees(db: Db, def: ProcessDefinition): Promise<DefinitionIssue[]> {
  const rules = rulesOf(def);
  const accounts = [...new Set(rules.flatMap(({ rule }) => (rule.type === 'user' ? [rule.account] : [])))];
  const roles = [...new Set(rules.flatMap(({ rule }) => (rule.type === 'role' ? [rule.role] : [])))];
  const users =
    accounts.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select('account')
          .where('account', 'in', accounts)
          .where('disabled', '=', 0)
          .execute();
  const knownUsers = new Set(users.map((u) => u.account));
  const knownRoles = new Set<string>();
  if (roles.length > 0) {
    for (const r of await db.selectFrom('roles').select('code').where('code', 'in', roles).execute())
      knownRoles.add(r.code);
    // users.roles is a comma-separated list (directory.ts reads it so); a LIKE narrows, the split decides.
    for (const role of roles.filter((r) => !knownRoles.has(r))) {
      const holders = await db
        .selectFrom('users')
        .select('roles')
        .where('roles', 'like', `%${role}%`)
        .where('disabled', '=', 0)
        .limit(50)
        .execute();
      if (
        holders.some((u) =>
          u.roles
            .split(',')
            .map((r) => r.trim())
            .includes(role),
        )
      )
        knownRoles.add(role);
    }
  }
  const issues: DefinitionIssue[] = [];
  for (const { rule, path, stepId } of rules) {
    if (rule.type === 'user' && !knownUsers.has(rule.account)) {
      issues.push({
        path: `${path}.account`,
        stepId,
        message: {
          zh: `处理人“${rule.account}”不存在或已停用`,
          en: `the person "${rule.account}" does not exist or is disabled`,
        },
      });
    }
    if (rule.type === 'role' && !knownRoles.has(rule.role)) {
      issues.push({
        path: `${path}.role`,
        stepId,
        message: {
          zh: `角色“${rule.role}”不存在，也没有人担任`,
          en: `the role "${rule.role}" does not exist and nobody holds it`,
        },
      });
    }
  }
  return issues;
}
