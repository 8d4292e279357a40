/**
 * Checks zod cannot express, each pointing at the node or field: ids unique, targets resolvable, branches with
 * a default, fields existing, every step reachable, no cycle that cannot end, and a form the validator can read.
 */
import { canComplete, reachableSteps, stepsThatCannotEnd } from './definition-graph.ts';
import type { DefinitionIssue } from './definition-issue.ts';
import { checkFormSchema } from './form/form-schema-check.ts';
import { RESUBMIT_STEP, TERMINAL_TARGETS } from './resolve-target.ts';
import type { AssigneeRule, Condition, ProcessDefinition, Target } from './types.ts';

type Report = (issue: DefinitionIssue) => void;

function conditionFields(condition: Condition): string[] {
  if ('all' in condition) return condition.all.flatMap(conditionFields);
  if ('any' in condition) return condition.any.flatMap(conditionFields);
  return [condition.field];
}

/** Walks a target: step ids it names, condition fields it reads, branch points without a default. */
function checkTarget(target: Target, path: string, stepId: string, ctx: Context): void {
  if (typeof target === 'string') {
    if (!ctx.stepIds.has(target) && !TERMINAL_TARGETS.has(target)) {
      ctx.report({
        path,
        stepId,
        message: { zh: `目标“${target}”不是流程中的步骤`, en: `target "${target}" is not a step` },
      });
    }
    return;
  }
  target.branches.forEach((branch, i) => {
    for (const field of conditionFields(branch.when))
      ctx.needField(field, `${path}.branches.${i}.when`, stepId, 'condition');
    checkTarget(branch.to, `${path}.branches.${i}.to`, stepId, ctx);
  });
  if (target.otherwise === undefined) {
    ctx.report({
      path: `${path}.otherwise`,
      stepId,
      message: { zh: '条件分支缺少默认去向（otherwise）', en: 'the branch has no default (otherwise)' },
    });
  } else {
    checkTarget(target.otherwise, `${path}.otherwise`, stepId, ctx);
  }
}

interface Context {
  stepIds: Set<string>;
  report: Report;
  needField(field: string, path: string, stepId: string | undefined, what: string): void;
  needAssigneeField(rule: AssigneeRule, path: string, stepId?: string): void;
}

function contextOf(def: ProcessDefinition, report: Report): Context {
  const fields = new Set(Object.keys(def.form.schema.properties));
  const needField = (field: string, path: string, stepId: string | undefined, what: string) => {
    // A nested path (period.start) names its top-level field.
    if (!fields.has(field.split('.')[0])) {
      report({
        path,
        stepId,
        field,
        message: {
          zh: `${whatZh[what] ?? what}使用的字段“${field}”不在表单中`,
          en: `${what}: field "${field}" is not in the form`,
        },
      });
    }
  };
  return {
    stepIds: new Set(def.steps.map((s) => s.id)),
    report,
    needField,
    needAssigneeField: (rule, path, stepId) => {
      if (rule.type === 'field') needField(rule.field, `${path}.field`, stepId, 'assignee rule');
    },
  };
}

const whatZh: Record<string, string> = {
  condition: '条件',
  'assignee rule': '处理人规则',
  'field permission': '字段权限',
  'cross-field rule': '校验规则',
  'computed field': '计算字段',
};

function checkIds(def: ProcessDefinition, report: Report): void {
  const seen = new Set<string>();
  def.steps.forEach((step, i) => {
    const path = `steps.${i}.id`;
    if (TERMINAL_TARGETS.has(step.id) || step.id === RESUBMIT_STEP)
      report({
        path,
        stepId: step.id,
        message: { zh: `步骤标识“${step.id}”是保留字`, en: `step id "${step.id}" is reserved` },
      });
    if (seen.has(step.id))
      report({
        path,
        stepId: step.id,
        message: { zh: `步骤标识“${step.id}”重复`, en: `step id "${step.id}" is used twice` },
      });
    seen.add(step.id);
    const actionIds = new Set<string>();
    step.actions.forEach((action, j) => {
      if (actionIds.has(action.id)) {
        report({
          path: `steps.${i}.actions.${j}.id`,
          stepId: step.id,
          message: {
            zh: `动作“${action.id}”在该步骤中重复`,
            en: `action ${action.id}: action id used twice in the step`,
          },
        });
      }
      actionIds.add(action.id);
    });
  });
}

function checkSteps(def: ProcessDefinition, ctx: Context): void {
  def.steps.forEach((step, i) => {
    const at = `steps.${i}`;
    ctx.needAssigneeField(step.assignee, `${at}.assignee`, step.id);
    step.cc?.forEach((cc, j) => ctx.needAssigneeField(cc.assignee, `${at}.cc.${j}.assignee`, step.id));
    if (step.whenNobody?.action === 'assign')
      ctx.needAssigneeField(step.whenNobody.assignee, `${at}.whenNobody.assignee`, step.id);
    for (const field of Object.keys(step.fields ?? {}))
      ctx.needField(field, `${at}.fields.${field}`, step.id, 'field permission');
    if (step.kind === 'cc' && step.actions.length !== 1) {
      ctx.report({
        path: `${at}.actions`,
        stepId: step.id,
        message: { zh: '抄送节点只能有一个去向', en: 'a cc step has exactly one action: where the process goes next' },
      });
    }
    step.actions.forEach((action, j) => checkTarget(action.to, `${at}.actions.${j}.to`, step.id, ctx));
  });
}

function checkGraph(def: ProcessDefinition, report: Report): void {
  const reachable = reachableSteps(def);
  def.steps.forEach((step, i) => {
    if (!reachable.has(step.id)) {
      report({
        path: `steps.${i}`,
        stepId: step.id,
        message: { zh: `步骤“${step.name.zh}”无法到达`, en: `step "${step.id}" cannot be reached from the first step` },
      });
    }
  });
  const stuck = stepsThatCannotEnd(def).filter((id) => reachable.has(id));
  for (const id of stuck) {
    const i = def.steps.findIndex((s) => s.id === id);
    report({
      path: `steps.${i}`,
      stepId: id,
      message: {
        zh: `步骤“${def.steps[i].name.zh}”处于无法结束的循环中`,
        en: `step "${id}" is in a cycle that can never end`,
      },
    });
  }
  if (stuck.length === 0 && !canComplete(def)) {
    report({
      path: 'steps',
      message: { zh: '没有任何路径能使流程办结', en: 'no path completes the process (none leads to "end")' },
    });
  }
}

function checkEnumNames(def: ProcessDefinition, report: Report): void {
  for (const [field, hints] of Object.entries(def.form.uiSchema ?? {})) {
    const names = (hints as Record<string, unknown> | null)?.['ui:enumNames'];
    if (names === undefined) continue;
    const property = def.form.schema.properties[field];
    // Multi-select fields keep their options on the items.
    const values = property?.enum ?? (property?.items as { enum?: unknown } | undefined)?.enum;
    const bilingual =
      Array.isArray(names) && names.every((n) => typeof n?.zh === 'string' && typeof n?.en === 'string');
    if (!Array.isArray(values) || !bilingual || names.length !== values.length) {
      report({
        path: `form.uiSchema.${field}`,
        field,
        message: {
          zh: '选项名称（ui:enumNames）必须与选项一一对应，并有中英文',
          en: 'ui:enumNames must be one {zh, en} per enum value',
        },
      });
    }
  }
}

function checkForm(def: ProcessDefinition, ctx: Context): void {
  def.form.rules?.forEach((rule, i) => {
    ctx.needField(rule.from, `form.rules.${i}.from`, undefined, 'cross-field rule');
    ctx.needField(rule.to, `form.rules.${i}.to`, undefined, 'cross-field rule');
  });
  for (const [name, schema] of Object.entries(def.form.schema.properties)) {
    const computed = schema['x-computed'] as { from?: unknown; to?: unknown } | undefined;
    if (typeof computed?.from === 'string')
      ctx.needField(computed.from, `form.schema.properties.${name}.x-computed.from`, undefined, 'computed field');
    if (typeof computed?.to === 'string')
      ctx.needField(computed.to, `form.schema.properties.${name}.x-computed.to`, undefined, 'computed field');
  }
  checkEnumNames(def, ctx.report);
  const zh = new Map<string, string>();
  for (const problem of checkFormSchema(def.form.schema, zh)) {
    const path = problem.slice(0, problem.indexOf(':'));
    const field = /^form\.schema\.properties\.([^.]+)$/.exec(path)?.[1];
    // A problem worded for people (it has a Chinese text) is shown beside its path, so it does not repeat it.
    const own = zh.get(problem);
    ctx.report({
      path,
      ...(field ? { field } : {}),
      message: own ? { zh: own, en: problem.slice(path.length + 2) } : { zh: `表单结构有误：${problem}`, en: problem },
    });
  }
}

/** Problems in a structurally valid definition; empty when it can be published. */
export function checkDefinition(def: ProcessDefinition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const report: Report = (issue) => issues.push(issue);
  const ctx = contextOf(def, report);
  checkIds(def, report);
  checkSteps(def, ctx);
  checkForm(def, ctx);
  // A graph with dangling targets would only repeat those problems as unreachable steps.
  if (issues.length === 0) checkGraph(def, report);
  return issues;
}
