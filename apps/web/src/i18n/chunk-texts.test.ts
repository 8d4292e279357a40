import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

// main.tsx preloads the first page's chunk beside initI18n; in English the start waits for the English chunk, so a
// detail page opened directly evaluated the attachments' texts before i18next had started and showed "Something
// went wrong" (`addResourceBundle is not a function`).
describe('texts of a lazily loaded chunk', () => {
  it('registered before i18next has started, are there once it has, in both languages', async () => {
    expect(i18next.isInitialized).toBeFalsy();
    await expect(import('./locales/lazy/attachments.ts')).resolves.toBeDefined();
    const { initI18n } = await import('./index.ts');
    await initI18n('en');
    expect(i18next.hasResourceBundle('en', 'attachments')).toBe(true);
    expect(i18next.hasResourceBundle('zh', 'attachments')).toBe(true);
    const [key] = Object.keys(i18next.getResourceBundle('en', 'attachments') as object);
    expect(i18next.t(`attachments:${key}`)).not.toBe(key);
  });
});
