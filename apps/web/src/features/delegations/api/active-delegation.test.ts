import { describe, expect, it } from 'vitest';

import type { Delegation } from '@service-hall/contracts';

import { activeDelegation, delegationProblem } from './active-delegation.ts';

const d = (id: string, from: number, to: number): Delegation => ({
  id,
  app: null,
  from,
  to,
  entrustee: { id: 'b', name: 'B' },
  entruster: { id: 'a', name: 'A' },
});

describe('delegations', () => {
  it('finds the delegation in force now', () => {
    expect(activeDelegation([d('1', 0, 10), d('2', 20, 30)], 25)?.id).toBe('2');
    expect(activeDelegation([d('1', 0, 10)], 11)).toBeUndefined();
    expect(activeDelegation([d('1', 0, 40), d('2', 20, 30)], 25)?.id).toBe('1');
  });

  it('refuses delegating to oneself and an end before the start', () => {
    const me = { id: 'u1', account: 'lisi' };
    expect(delegationProblem({ entrusteeId: 'u1', from: 1, to: 2 }, me)).toBe('self');
    expect(delegationProblem({ entrusteeId: 'u2', from: 2, to: 1 }, me)).toBe('window');
    expect(delegationProblem({ entrusteeId: 'u2', from: 1, to: 2 }, me)).toBeUndefined();
  });
});
