import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PageTemplate } from '@service-hall/contracts';

import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

const IMAGES = {
  logo: '/static/demo/logo.svg',
  'banner-index': '/static/demo/banner-index.svg',
  'banner-personal': '/static/demo/banner-personal.svg',
  'banner-swiper1': '/static/demo/banner-swiper1.svg',
  'banner-swiper2': '/static/demo/banner-swiper2.svg',
  'banner-swiper3': '/static/demo/banner-swiper3.svg',
  // The same pictures with English text, for the English UI (kind `logo@en` …).
  en: {
    logo: '/static/demo/logo.en.svg',
    'banner-index': '/static/demo/banner-index.en.svg',
    'banner-personal': '/static/demo/banner-personal.en.svg',
    'banner-swiper1': '/static/demo/banner-swiper1.en.svg',
    'banner-swiper2': '/static/demo/banner-swiper2.en.svg',
    'banner-swiper3': '/static/demo/banner-swiper3.en.svg',
  },
};

describe.each(testDialects())('page templates on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const view = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/app/views${query}`, headers: await t.auth('zhangsan') });
    return { status: res.statusCode, body: res.json() as { code: number; data: PageTemplate } };
  };

  it('serves the default template with the enterprise images', async () => {
    const { status, body } = await view('');
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 0,
      ecode: 'SUCCEED',
      data: {
        domain: 'todoCenter',
        solution: 'default',
        terminal: 'workflow',
        sections: ['banner', 'search', 'recommended', 'catalogue', 'guides'],
        theme: { primary: '#1677ff', banner: '/static/demo/banner-index.svg' },
        images: IMAGES,
      },
    });
    const { en, ...zh } = IMAGES;
    for (const url of [...Object.values(zh), ...Object.values(en)]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('serves a second solution with another order and theme', async () => {
    const { body } = await view('?domain=todoCenter&solution=compact&terminal=workflow');
    expect(body.data).toMatchObject({
      solution: 'compact',
      sections: ['search', 'catalogue', 'recommended', 'guides'],
    });
    expect(body.data.theme.primary).not.toBe('#1677ff');
    expect(body.data.images).toEqual(IMAGES);
  });

  it('serves the wechat template for mobile', async () => {
    const { body } = await view('?terminal=wechat');
    expect(body.data).toMatchObject({
      terminal: 'wechat',
      solution: 'default',
      sections: ['search', 'banner', 'recommended', 'catalogue'],
    });
  });

  it('falls back to todoCenter/default for an unknown domain or solution, per terminal', async () => {
    expect((await view('?domain=nowhere')).body.data).toMatchObject({
      domain: 'todoCenter',
      solution: 'default',
      terminal: 'workflow',
    });
    expect((await view('?solution=nothing&terminal=wechat')).body.data).toMatchObject({
      domain: 'todoCenter',
      solution: 'default',
      terminal: 'wechat',
      sections: ['search', 'banner', 'recommended', 'catalogue'],
    });
    // A solution is looked up per terminal: the phone gets compact's own wechat variant.
    expect((await view('?solution=compact&terminal=wechat')).body.data).toMatchObject({
      solution: 'compact',
      terminal: 'wechat',
      sections: ['search', 'guides', 'recommended', 'catalogue'],
    });
  });

  it('validates the query', async () => {
    expect((await view('?terminal=fax')).status).toBe(400);
    expect((await view(`?domain=${'x'.repeat(65)}`)).status).toBe(400);
    // An unknown parameter is ignored (docs/adr/0014-one-contract-per-route.md).
    expect((await view('?colour=red')).status).toBe(200);
  });
});
