import { describe, expect, it } from 'vitest';

import { builtinDefinitions, loadDefinition, withdraw, type ProcessState, type Transition } from '../src/index.ts';
import { actOn, begin } from './fixtures.ts';

const reimburse = builtinDefinitions.find((d) => d.code === 'reimburse')!;
const data = { amount: 8000, category: 'equipment', invoiceCount: 1, description: '采购实验用显示器' };
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** The rest of a reimbursement above the threshold: finance, finance head sends back, finance again, finance head. */
function remainder(state: ProcessState): Transition[] {
  const steps: Transition[] = [];
  let current = state;
  for (const [actionId, who] of [
    ['approve', 'u-fin1'],
    ['back', undefined],
    ['approve', 'u-fin2'],
    ['approve', undefined],
  ] as const) {
    const next = actOn(reimburse, current, actionId, who);
    steps.push(next);
    current = next.state;
  }
  return steps;
}

describe('rehydration', () => {
  it('a state that went through JSON behaves exactly like the live one', () => {
    const atFinance = actOn(reimburse, begin(reimburse, data).state, 'approve');
    const live = remainder(atFinance.state);
    const stored = remainder(throughJson(atFinance.state));
    expect(stored).toEqual(live);
    expect(live.at(-1)!.state.status).toBe('completed');
    expect(live.map((t) => t.state.currentStepId)).toEqual(['finance-head', 'finance', 'finance-head', null]);
    expect(live.at(-1)!.state.taskSeq).toBe(7);
  });

  it('is JSON all the way down: stringify/parse is the identity on every state', () => {
    let t = begin(reimburse, data);
    for (const action of ['approve', 'approve', 'approve']) {
      expect(throughJson(t.state)).toEqual(t.state);
      t = actOn(reimburse, t.state, action);
    }
    expect(throughJson(t.state)).toEqual(t.state);
  });

  it('works with a definition reloaded from JSON too', () => {
    const reloaded = loadDefinition(throughJson(reimburse));
    const started = throughJson(begin(reimburse, data).state);
    expect(actOn(reloaded, started, 'approve')).toEqual(actOn(reimburse, started, 'approve'));
  });

  it('withdraw after rehydration matches withdraw on the live state', () => {
    const started = begin(reimburse, data).state;
    expect(withdraw(reimburse, throughJson(started), { actorId: 'u-stu', now: 999 })).toEqual(
      withdraw(reimburse, started, { actorId: 'u-stu', now: 999 }),
    );
  });
});
