import { defineConfig, devices } from '@playwright/test';
import { servers } from './support/servers.ts';

/**
 * End-to-end tests: the production build served by the real server (`npm start`'s code path) on fresh SQLite
 * files, driven in Debian's Chromium. No browser is downloaded; a missing /usr/bin/chromium fails the run.
 */
const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const launchOptions = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs };

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions,
    baseURL: servers.code.url,
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1366, height: 860 } } },
    {
      name: 'mobile',
      // Specs named *.desktop.spec.ts drive desktop-only screens (the antd batch modal, the header).
      testIgnore: /\.desktop\.spec\.ts$/,
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions },
    },
  ],
  webServer: Object.values(servers).map((s) => ({
    command: `node ./support/start-server.mjs ${s.port} ${s.name}`,
    url: `${s.url}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...s.env },
  })),
});
