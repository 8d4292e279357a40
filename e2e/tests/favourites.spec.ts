import { accessTokenOf } from '../support/api.ts';
import { expectEnglishOnly, favouriteIds, isMobile, snapTop } from '../support/catalogue.ts';
import { failOnPageErrors, signIn, useLanguage } from '../support/session.ts';
import { expect, test, type Page } from '../support/test.ts';

const STAR_COLOUR = 'rgb(245, 166, 35)';

/** Removes an app from the user's favourites through the API, so the test starts from a known state. */
async function unfavourite(page: Page, appId: string): Promise<void> {
  if (!(await favouriteIds(page)).includes(appId)) return;
  const res = await page.request.delete(`/api/me/preference/FavoriteApps/${appId}`, {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  expect(res.status()).toBe(200);
}

test.describe('favourites', () => {
  test('favourite and unfavourite an app: message, highlighted star, favourites page', async ({ page }, info) => {
    failOnPageErrors(page);
    // Each project stars its own app, so the desktop and mobile runs can share the server and the user.
    const code = isMobile(info) ? 'library-card' : 'tuition';
    const appId = `app-${code}`;
    await signIn(page, 'zhaoliu', '/workflow/appall');
    await unfavourite(page, appId);
    await page.reload();

    const star = page.getByTestId('page-appall').getByTestId(`fav-${code}`);
    await expect(star).toHaveAttribute('data-active', 'false');
    await expect(star).not.toHaveCSS('color', STAR_COLOUR);
    await star.click();
    await expect(page.getByText('已收藏', { exact: true })).toBeVisible();
    await expect(star).toHaveAttribute('data-active', 'true');
    await expect(star).toHaveCSS('color', STAR_COLOUR);
    await expect.poll(() => favouriteIds(page)).toContain(appId);
    // Starring does not open the app.
    await expect(page).toHaveURL(/\/workflow\/appall/);

    await page.goto('/workflow/favorite');
    const card = page.getByTestId('page-favorite').getByTestId(`app-card-${code}`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId(`fav-${code}`)).toHaveCSS('color', STAR_COLOUR);
    await snapTop(page, info, 'favorite');

    await card.getByTestId(`fav-${code}`).click();
    await expect(page.getByText('已取消收藏', { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect.poll(() => favouriteIds(page)).not.toContain(appId);
  });

  test('the favourites page in English', async ({ page }, info) => {
    failOnPageErrors(page);
    await useLanguage(page, 'en');
    const code = isMobile(info) ? 'study-room' : 'salary';
    await signIn(page, 'zhaoliu', '/workflow/appall');
    await unfavourite(page, `app-${code}`);
    await page.reload();
    await page.getByTestId('page-appall').getByTestId(`fav-${code}`).click();
    await expect(page.getByText('Added to favourites', { exact: true })).toBeVisible();
    await page.goto('/workflow/favorite');
    await expect(page.getByTestId('page-favorite').getByTestId(`app-card-${code}`)).toBeVisible();
    await expectEnglishOnly(page);
    await snapTop(page, info, 'favorite', 'en');
    await unfavourite(page, `app-${code}`);
  });
});
