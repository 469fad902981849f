import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/**
 * The shared server's log. It has no SMTP (its mail stays in the outbox) and runs in demo mode,
 * where the link that confirms a new account's address is printed to the log: the `account`
 * fixture signs up for real and takes the link from there (tests/e2e/server-log.ts).
 */
const serverLogPath = join(tmpdir(), `pactum-e2e-${port}.log`);

/**
 * End-to-end tests: Debian's Chromium against the built server (`npm run build` first) on a
 * fresh embedded database with the demo workspace. Each test works in an organization of its
 * own, or only reads the demo one.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // On a loaded two-core machine (two browsers, the server and its PDF and content threads) an
  // ordinary test here has taken 20–30 s, a hair under Playwright's 30 s: 60 s leaves room without
  // hiding a hang, and the long flows (sends, seals, mail round trips) set their own.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // On the shared CI machine a test that fails and then passes is reported as flaky, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: `exec node dist/server/main.js > '${serverLogPath}'`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // It makes and migrates its embedded database and renders the demo's PDFs before it answers:
    // over a minute on a busy machine.
    timeout: 180_000,
    env: {
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pactum-e2e-')),
      DEMO: 'true',
      // Each test signs up from an address of its own (X-Forwarded-For), like separate people.
      TRUST_PROXY: '1',
      // Info: the demo's confirmation links are logged at that level.
      LOG_LEVEL: 'info',
      // Webhook tests deliver to a receiver on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  },
});
