/**
 * The endpoints the API benchmark measures. `list: true` marks the read lists the list targets apply to (lib/targets.ts).
 */
export interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  list: boolean;
}

/** 1 January to 31 December of this year in seconds (the done list's year filter, docs/product.md §9). */
function thisYear(): string {
  const year = new Date().getFullYear();
  return `${Date.UTC(year, 0, 1) / 1000},${Date.UTC(year, 11, 31, 23, 59, 59) / 1000}`;
}

export function readEndpoints(): Endpoint[] {
  return [
    { name: 'todo', method: 'GET', path: '/api/me/tasks/todo', list: true },
    { name: 'doing', method: 'GET', path: '/api/me/processes/doing', list: true },
    {
      name: 'done (year)',
      method: 'GET',
      path: `/api/me/processes/done?limit=10&timestamps=${thisYear()}`,
      list: true,
    },
    { name: 'cc unread', method: 'GET', path: '/api/me/processes/cc?unread=true', list: true },
    {
      name: 'searchGuide',
      method: 'POST',
      path: `/manage/searchGuide?keyword=${encodeURIComponent('请假')}`,
      list: false,
    },
    // No token check, no SQL: what the server's plugin stack alone (helmet, CORS, rate limit, logging) costs.
    { name: 'healthz (stack floor)', method: 'GET', path: '/healthz', list: false },
  ];
}
