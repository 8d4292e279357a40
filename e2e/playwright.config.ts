import { defineConfig, devices } from '@playwright/test';

import { servers } from './support/servers.ts';

/**
 * End-to-end tests: the production build served by the real server (`npm start`'s code path) on fresh SQLite
 * files, driven in Debian's Chromium. No browser is downloaded; a missing /usr/bin/chromium fails the run.
 */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const launchOptions = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs };

// Specs named *.desktop.spec.ts drive desktop-only screens (the antd batch modal, the header) or ask no screen at all;
// *.mobile.spec.ts the phone layout's own navigation (back arrow, scroll restoration).
const desktopOnly = /\.desktop\.spec\.ts$/;
const mobileOnly = /\.mobile\.spec\.ts$/;
const desktop = { viewport: { width: 1366, height: 860 } };
const mobile = { ...devices['Pixel 7'], browserName: 'chromium' as const, launchOptions };
/**
 * The screens the task API serves (to-do, doing, done). The *-taskapi projects run only these specs, against the
 * server started with TASK_API, so the same specs check both transports; everything else runs once, over REST.
 * Specs use relative URLs (the project's baseURL) and tell the layouts apart with `info.project.use.isMobile`,
 * not by project name ("mobile-taskapi" is a phone too).
 */
const taskListSpecs = /(todo|doing|done|matters|task-api-mode)[^/]*\.spec\.ts$/;
/**
 * The task-API projects run the journeys in Chinese only. Their English runs repeated, over the other transport,
 * what the REST projects already check in English (every string and the English screenshots); that the task API
 * answers in the reader's language is checked by the API suite (graphql.test.ts asks it in English and compares
 * with REST), and both transports send the same Accept-Language (apps/web/src/lib/http/api-client.ts). See
 * docs/adr/0023-test-suite-time-within-the-ci-budget.md.
 */
const englishJourneys = /\[en\]/;
/**
 * The whole-site axe sweep (accessibility.spec.ts, the longest tests of the run) scans each layout in one language:
 * Chinese on desktop, English on the phone, so both languages and both layouts are swept. Every other spec still runs
 * axe on the pages it touches in both languages. See docs/adr/0023-test-suite-time-within-the-ci-budget.md.
 */
const axeSweepIn = (lang: 'zh' | 'en') =>
  new RegExp(`passes axe-core without critical or serious findings \\(${lang === 'zh' ? 'en' : 'zh'}\\)`);

/**
 * Long journeys run in one language per layout: the language the desktop runs is named here, the phone runs the
 * other. Each layout still runs journeys in both languages, and the
 * screens of every main page are photographed in all four: the axe sweep (Chinese on desktop, English on the phone)
 * snaps each page it scans, and the list journeys (todo-flow, matters-screens) run in the sweep's other language.
 * The API suite checks that every route answers in the reader's language, and a web unit test that English has every
 * key Chinese has. Specs not named here run both languages: the short ones, and the console's (desktop-only, every
 * console screen is photographed in both languages: docs/screens-checklist.md). See
 * docs/adr/0023-test-suite-time-within-the-ci-budget.md.
 */
const desktopLanguageOf: Record<string, 'zh' | 'en'> = {
  'todo-flow': 'en',
  'matters-screens': 'en',
  'definition-journey': 'zh',
  'approval-powers': 'zh',
  'batch-safety': 'en',
  attachments: 'zh',
  delegation: 'en',
  'delegation-live': 'zh',
  'detail-reject': 'en',
  'resubmit-and-signer': 'zh',
  'apply-date-range': 'en',
};
const other = (lang: 'zh' | 'en') => (lang === 'zh' ? 'en' : 'zh');
/** Titles of the journeys a layout leaves to the other: "<spec>.spec.ts … [lang]" or "(lang)". */
const journeysLeftTo = (layout: 'desktop' | 'phone') =>
  Object.entries(desktopLanguageOf).map(
    ([spec, lang]) => new RegExp(`${spec}\\.spec\\.ts .*[\\[(]${layout === 'desktop' ? other(lang) : lang}[\\])]`),
  );

export default defineConfig({
  testDir: './tests',
  outputDir: process.env.E2E_PORT_BASE ? `./test-results-${process.env.E2E_PORT_BASE}` : './test-results',
  timeout: 60_000,
  // A ceiling on waiting for what the user would see: on a 2-core machine twice as slow as usual, with the unit suite
  // beside it, a to-do's rows once came 10 s after the click (they were there in the failure's screenshot).
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  // No retries: a spec waits on the answer or the element it needs, never on a time, so load makes it slower, not red.
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions,
    baseURL: servers.code.url,
    trace: 'off',
    // A click or fill that cannot happen fails there, naming its element, instead of using up the whole test's time.
    actionTimeout: 30_000,
    screenshot: 'only-on-failure',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: mobileOnly,
      grepInvert: [axeSweepIn('zh'), ...journeysLeftTo('desktop')],
      use: desktop,
    },
    {
      name: 'mobile',
      testIgnore: desktopOnly,
      grepInvert: [axeSweepIn('en'), ...journeysLeftTo('phone')],
      use: mobile,
    },
    {
      name: 'desktop-taskapi',
      testMatch: taskListSpecs,
      grepInvert: englishJourneys,
      use: { ...desktop, baseURL: servers.taskapi.url },
    },
    {
      name: 'mobile-taskapi',
      testMatch: taskListSpecs,
      testIgnore: desktopOnly,
      grepInvert: englishJourneys,
      use: { ...mobile, baseURL: servers.taskapi.url },
    },
  ],
  webServer: Object.values(servers).map((s) => ({
    // The Node running Playwright starts the servers too (PATH may list an older one first).
    command: `${JSON.stringify(process.execPath)} ./support/start-server.mjs ${s.port} ${s.name}`,
    url: `${s.url}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...s.env },
  })),
});
