import { shot, signedIn, type Lang } from '../support/matters.ts';
import { expect, test } from '../support/test.ts';

/** A list's filters saved under a name come back with one click (kept per user in this browser). */
for (const lang of ['zh', 'en'] as const satisfies readonly Lang[]) {
  test(`[${lang}] saved filters on the done list`, async ({ browser }, info) => {
    const user = await signedIn(browser, 'zhangsan', '/workflow/done?keyword=leave', lang);
    const p = user.page;
    await p.getByTestId('saved-filter-new').click();
    await p.getByTestId('saved-filter-name').fill(`leave ${lang}`);
    await p.getByTestId('saved-filter-save').click();
    await p.goto('/workflow/done');
    await expect(p.getByTestId('saved-filters')).toContainText('1');
    await p.getByTestId('saved-filters').click();
    await shot(p, info, 'saved-filters', lang);
    await p.getByTestId(`saved-filter-leave ${lang}`).click();
    await expect(p).toHaveURL(/keyword=leave/);
    await user.close();
  });
}
