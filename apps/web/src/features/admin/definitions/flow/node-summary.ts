import type { TFunction } from 'i18next';

import type { AssigneeRule, Condition, I18nText, ProcessDefinition } from '@service-hall/engine';

import type { FlowModel, Route } from './flow-model.ts';

export const pickText = (text: I18nText | undefined, lang: string) =>
  text ? (lang.startsWith('en') ? text.en || text.zh : text.zh) : '';

/** One line saying who a rule names. */
export function assigneeSummary(rule: AssigneeRule, t: TFunction, fieldLabel: (field: string) => string): string {
  switch (rule.type) {
    case 'starter':
      return t('assignee.starter');
    case 'departmentHead':
      return t('assignee.departmentHead');
    case 'user':
      return t('assignee.summaryUser', { account: rule.account });
    case 'role':
      return t('assignee.summaryRole', { role: rule.role });
    case 'field':
      return t('assignee.summaryField', { field: fieldLabel(rule.field) });
  }
}

export function conditionSummary(c: Condition, t: TFunction, fieldLabel: (field: string) => string): string {
  if ('all' in c) return c.all.map((x) => conditionSummary(x, t, fieldLabel)).join(' & ');
  if ('any' in c) return c.any.map((x) => conditionSummary(x, t, fieldLabel)).join(' | ');
  const op = c.op === 'in' ? '∈' : t(`route.ops.${c.op}`);
  return `${fieldLabel(c.field)} ${op} ${Array.isArray(c.value) ? c.value.join(', ') : String(c.value)}`;
}

/** Where a route leads, in words: a node's name or an ending. */
export function routeSummary(route: Route, model: FlowModel, t: TFunction, lang: string): string {
  if (route.kind === 'step')
    return pickText(model.nodes.find((n) => n.id === route.stepId)?.name, lang) || route.stepId;
  if (route.kind === 'ending') return t(`route.${route.ending}`);
  return t('node.branch');
}

export function fieldLabeller(form: ProcessDefinition['form'], lang: string) {
  return (field: string) => pickText(form.fieldLabels[field], lang) || field;
}
