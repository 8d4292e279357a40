import { accessTokenOf } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

/**
 * The task-centre and guide-bus endpoints the portal's neighbours call, asked as a signed-in member. No screen is
 * involved, so they run once (the desktop project); they ran on the phone project too before, asking the same server
 * the same questions (docs/adr/0023-test-suite-time-within-the-ci-budget.md).
 */
test.describe('task-centre and guide-bus endpoints', () => {
  test('the guide bus answers the GraphQL guide query', async ({ page }) => {
    await signIn(page, 'zhangsan');
    const res = await page.request.post('/bus/graphql', {
      headers: { authorization: `Bearer ${await accessTokenOf(page)}`, 'content-type': 'application/json' },
      data: {
        query:
          'query($id: String) { guide(id: $id, first: 1) { totalCount edges { node { id title guideStepList { stepNo guideStepAppList { appCode } } } } } }',
        variables: { id: 'guide-leave' },
      },
    });
    expect(res.status()).toBe(200);
    const node = (await res.json()).data.guide.edges[0].node;
    expect(node.title).toBe('请假与销假流程');
    expect(node.guideStepList[0].guideStepAppList[0].appCode).toBe('leave');
  });

  test('the task-centre endpoints answer in the documented shape', async ({ page }) => {
    await signIn(page, 'zhangsan');
    const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
    const search = await (await page.request.post('/manage/searchGuide?keyword=qjsq', { headers })).json();
    expect(search).toMatchObject({
      code: 0,
      t: { appList: expect.any(Array), guideList: expect.any(Array), tokenList: expect.any(Array) },
    });
    expect(search.t.appList[0].code).toBe('leave');
    const post = await (await page.request.post('/manage/apps/recommended', { headers })).json();
    const get = await (await page.request.get('/api/apps/recommended?domain=todoCenter', { headers })).json();
    expect(post.data.length).toBeGreaterThan(0);
    expect(get.data.map((a: { code: string }) => a.code)).toEqual(post.data.map((a: { code: string }) => a.code));
    // Highest `recommend` first.
    const ranks = get.data.map((a: { recommend: number }) => a.recommend);
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => b - a));
  });
});
