import { accessTokenOf } from '../support/api.ts';
import { failOnPageErrors, signIn } from '../support/session.ts';
import { expect, test, type Page, type TestInfo } from '../support/test.ts';

/**
 * Which transport the to-do, doing and done screens use. The *-taskapi projects run against the server started
 * with TASK_API (e2e/support/servers.ts), whose config.json names its /graphql: the lists must be read with
 * POST /graphql and never with the REST list URLs. The REST projects must do the reverse. Either way the rows on
 * screen are those REST answers for the same page, so both modes show the same data.
 */
const taskApiMode = (info: TestInfo) => info.project.name.endsWith('-taskapi');

interface Seen {
  method: string;
  path: string;
  search: URLSearchParams;
  body: string;
}

function recordRequests(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/graphql' || url.pathname.startsWith('/api/me/')) {
      seen.push({ method: r.method(), path: url.pathname, search: url.searchParams, body: r.postData() ?? '' });
    }
  });
  return seen;
}

/** A list read (the banner counts read GET /api/me/tasks/todo?limit=1 without start and stay on REST in both modes). */
const listReads = (seen: Seen[], path: string) =>
  seen.filter((s) => s.method === 'GET' && s.path === path && s.search.has('start'));
const graphqlReads = (seen: Seen[], field: 'tasks' | 'processes', cate: string) =>
  seen.filter((s) => {
    if (s.method !== 'POST' || s.path !== '/graphql') return false;
    const body = JSON.parse(s.body) as { query: string; variables: { cate?: string; page?: number; size?: number } };
    return (
      body.query.includes(`${field}(`) &&
      body.variables.cate === cate &&
      body.variables.page === 0 &&
      body.variables.size === 10
    );
  });

/** The ids of the rows on screen, top to bottom. */
async function rowIds(page: Page, prefix: 'todo-row-' | 'process-row-'): Promise<string[]> {
  const ids = await page
    .locator(`[data-testid^="${prefix}"]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice(prefix.length));
}

/** The rows on screen start with the first page REST answers (polled: other specs may add items meanwhile). */
async function expectRestRows(
  page: Page,
  token: string,
  prefix: 'todo-row-' | 'process-row-',
  url: string,
): Promise<void> {
  await expect(async () => {
    const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
    const ids = ((await res.json()) as { entities: Array<{ id: string }> }).entities.map((e) => e.id);
    expect(ids.length, `${url} has rows to compare`).toBeGreaterThan(0);
    // The phone's infinite list may already have loaded the next page below the first: compare the first page.
    const onScreen = await rowIds(page, prefix);
    expect(onScreen.slice(0, ids.length)).toEqual(ids);
  }).toPass({ timeout: 15_000 });
}

/** Client-side navigation, as a menu link does: the router follows history changes, the query cache stays. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test('the to-do, doing and done screens read through the transport config.json names', async ({ page }, info) => {
  failOnPageErrors(page);
  const viaGraphql = taskApiMode(info);
  const seen = recordRequests(page);

  const config = (await (await page.request.get('/config.json')).json()) as { taskApi: string | null };
  expect(config.taskApi).toBe(viaGraphql ? '/graphql' : null);

  await signIn(page, 'zhangsan', '/workflow/doing');
  const token = await accessTokenOf(page);
  await expectRestRows(page, token, 'process-row-', '/api/me/processes/doing?order=create&limit=10&start=0');

  await page.goto('/workflow/done');
  await expectRestRows(page, token, 'process-row-', '/api/me/processes/done?sep=false&limit=10&start=0');

  await page.goto('/workflow/todo');
  await expect(page.getByTestId('list-search')).toBeVisible();
  // zhangsan has no to-do in the demo data at first; his own request is waiting for lisi. Check the list's read.
  await expect
    .poll(() => (viaGraphql ? graphqlReads(seen, 'tasks', 'todo') : listReads(seen, '/api/me/tasks/todo')).length)
    .toBeGreaterThan(0);

  for (const [field, cate, path] of [
    ['processes', 'doing', '/api/me/processes/doing'],
    ['processes', 'done', '/api/me/processes/done'],
    ['tasks', 'todo', '/api/me/tasks/todo'],
  ] as const) {
    const graphql = graphqlReads(seen, field, cate).length;
    const rest = listReads(seen, path).length;
    if (viaGraphql) {
      expect(graphql, `${cate} read with POST /graphql`).toBeGreaterThan(0);
      expect(rest, `${cate} not read with GET ${path}`).toBe(0);
    } else {
      expect(rest, `${cate} read with GET ${path}`).toBeGreaterThan(0);
      expect(graphql, `${cate} not read with POST /graphql`).toBe(0);
    }
  }
  if (!viaGraphql) expect(seen.filter((s) => s.path === '/graphql')).toEqual([]);
});

test('a teacher’s to-do shows the same tasks as REST, and the network-only read refetches on every visit', async ({
  page,
}, info) => {
  failOnPageErrors(page);
  const seen = recordRequests(page);
  await signIn(page, 'lisi', '/workflow/todo');
  const token = await accessTokenOf(page);
  await expectRestRows(page, token, 'todo-row-', '/api/me/tasks/todo?entrust=true&limit=10&start=0');
  const reads = () =>
    (taskApiMode(info) ? graphqlReads(seen, 'tasks', 'todo') : listReads(seen, '/api/me/tasks/todo')).length;
  const first = reads();
  expect(first).toBeGreaterThan(0);

  // Leave the screen and come back inside the SPA (no page load), within the REST cache's 30 s: task-API mode
  // asks the server again instead of showing the cached answer.
  await navigateInApp(page, '/workflow/doing');
  // The to-do screen is gone (the router switches lazily loaded pages in a transition, so wait for it).
  await expect(page.locator('[data-testid^="todo-row-"]')).toHaveCount(0);
  await expect(page.getByTestId('list-search')).toBeVisible();
  await navigateInApp(page, '/workflow/todo');
  await expect(page.locator('[data-testid^="todo-row-"]').first()).toBeVisible();
  if (taskApiMode(info)) await expect.poll(reads).toBeGreaterThan(first);
});
