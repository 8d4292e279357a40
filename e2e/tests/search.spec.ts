import { expect, test } from '@playwright/test';
import { failOnPageErrors, signIn, useLanguage } from '../support/session.ts';
import { expectEnglishOnly, searchBox, snapTop } from '../support/catalogue.ts';
import { accessTokenOf } from '../support/api.ts';

test.describe('search apps and guides', () => {
  test('qjsq and qingjia find 请假申请 with the matched characters highlighted', async ({ page }, info) => {
    failOnPageErrors(page);
    await signIn(page, 'zhangsan');
    await searchBox(page).fill('qjsq');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/workflow\/search\?keyword=qjsq/);

    const leave = page.getByTestId('search-app-leave');
    await expect(leave).toContainText('请假申请');
    // The pinyin initials are highlighted through the characters they stand for.
    await expect(leave.locator('mark.sh-hit')).toHaveText('请假申请');
    await expect(page.getByTestId('search-apps').locator('[data-testid^="search-app-"]').first()).toHaveAttribute('data-testid', 'search-app-leave');
    await snapTop(page, info, 'search');

    await page.goto('/workflow/search?keyword=qingjia');
    await expect(leave.locator('mark.sh-hit').first()).toHaveText('请假');
    // The guide about leave is found too, and its title is highlighted the same way.
    await expect(page.getByTestId('search-guide-guide-leave').locator('mark.sh-hit').first()).toHaveText('请假');

    // A result opens the app's form.
    await leave.click();
    await expect(page).toHaveURL(/\/workflow\/apply\?code=leave/);
    await expect(page.getByTestId('apply-title')).toHaveText('请假申请');
  });

  test('search results in English', async ({ page }, info) => {
    failOnPageErrors(page);
    await useLanguage(page, 'en');
    await signIn(page, 'zhangsan');
    await searchBox(page).fill('leave');
    await searchBox(page).press('Enter');
    const leave = page.getByTestId('search-app-leave');
    await expect(leave).toContainText('Leave Request');
    await expect(leave.locator('mark.sh-hit').first()).toHaveText('Leave');
    await expect(page.getByTestId('search-guide-guide-leave')).toContainText('Leave and Return');
    await expectEnglishOnly(page);
    await snapTop(page, info, 'search', 'en');
  });

  test('the task-centre endpoints answer in the documented shape', async ({ page }) => {
    await signIn(page, 'zhangsan');
    const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
    const search = await (await page.request.post('/manage/searchGuide?keyword=qjsq', { headers })).json();
    expect(search).toMatchObject({ code: 0, t: { appList: expect.any(Array), guideList: expect.any(Array), tokenList: expect.any(Array) } });
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
