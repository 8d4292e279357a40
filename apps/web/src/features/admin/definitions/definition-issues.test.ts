// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { builtinDefinitionTemplates, type ProcessDefinition } from '@service-hall/engine';

import { issuesFromServer } from './definition-issues.ts';

const leave = (builtinDefinitionTemplates as unknown as ProcessDefinition[]).find((t) => t.code === 'leave')!;

describe("the server's publish refusal on the designer", () => {
  it('puts each detail on the node its step index names, or on the form field', () => {
    expect(
      issuesFromServer(
        [
          { field: 'definition.steps.1.assignee.role', in: 'body', message: '角色“x”不存在，也没有人担任' },
          { field: 'definition.form.schema.properties.destination', in: 'body', message: 'cannot be removed' },
          { field: 'definition', in: 'body', message: 'whole' },
        ],
        leave,
      ),
    ).toEqual([
      {
        path: 'steps.1.assignee.role',
        stepId: leave.steps[1]!.id,
        message: { zh: '角色“x”不存在，也没有人担任', en: '角色“x”不存在，也没有人担任' },
      },
      {
        path: 'form.schema.properties.destination',
        field: 'destination',
        message: { zh: 'cannot be removed', en: 'cannot be removed' },
      },
      { path: '', message: { zh: 'whole', en: 'whole' } },
    ]);
  });
});
