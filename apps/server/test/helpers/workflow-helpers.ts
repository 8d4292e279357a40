import type { TestApp } from './test-app.ts';

/** Form-encoded body, as the web client posts actions. */
export const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

export const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

export const leaveData = {
  leaveType: 'personal',
  startDate: '2026-11-23',
  endDate: '2026-11-24',
  days: 2,
  reason: '家中有事',
};

/** Workflow calls used across the API tests. */
export function workflowClient(t: TestApp) {
  const call = async (
    account: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: Record<string, string | number>,
    headers: Record<string, string> = {},
  ) => {
    const auth = await t.auth(account);
    return t.app.inject({
      method,
      url,
      headers: { ...auth, ...(body ? formHeaders : {}), ...headers },
      ...(body ? { payload: form(body) } : {}),
    });
  };
  return {
    call,
    start: (account: string, code: string, data: unknown, headers?: Record<string, string>) =>
      call(account, 'PUT', '/api/process', { code, data: JSON.stringify(data) }, headers),
    act: (account: string, taskId: string, actionId: string, headers?: Record<string, string>, remark = '') =>
      call(account, 'POST', `/api/task/${encodeURIComponent(taskId)}`, { actionId, remark }, headers),
    todo: async (account: string, query = '') => (await call(account, 'GET', `/api/me/tasks/todo${query}`)).json(),
    detail: (account: string, id: string) => call(account, 'GET', `/api/process/${id}`),
  };
}

/** Rows in a table, for "nothing changed" assertions. */
export async function countRows(
  t: TestApp,
  table: 'processes' | 'tasks' | 'events' | 'cc_records' | 'delegations' | 'ratings' | 'idempotency_keys',
) {
  const r = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
