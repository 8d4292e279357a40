import { servers } from '../support/servers.ts';
import { failOnPageErrors } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const base = servers.public.url;

// Public mode applies to desktop browsers only (docs/product.md §2); the phone signs in first (public-mode.spec.ts).
test.describe('public mode (PUBLIC_MODE=true), desktop', () => {
  test('the apps route sends an anonymous visitor to home; appallHome offers sign-in', async ({ page }) => {
    failOnPageErrors(page);
    await page.goto(`${base}/workflow/index`);
    await expect(page).toHaveURL(/\/workflow\/home$/);
    await expect(page.getByTestId('page-home')).toBeVisible();
    // The root goes to apps, which goes to home as well.
    await page.goto(`${base}/`);
    await expect(page).toHaveURL(/\/workflow\/home$/);
    await page.goto(`${base}/workflow/appallHome`);
    await expect(page.getByTestId('signin-card')).toBeVisible();
    // Any other page still needs sign-in, and signing in from home lands in the service hall.
    await page.goto(`${base}/workflow/home`);
    await page.getByTestId('home-sign-in').click();
    await page.locator('input[name="username"]').fill('zhangsan');
    await page.locator('input[name="password"]').fill('demo123');
    await page.locator('button[type="submit"], input[type="submit"]').first().click();
    await expect(page).toHaveURL(/\/workflow\/index/);
    await expect(page.getByTestId('page-apps')).toBeVisible();
  });
});
