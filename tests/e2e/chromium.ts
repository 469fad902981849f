import type { LaunchOptions } from '@playwright/test';

/**
 * How Pactum's browser tests and benchmarks start Chromium: Debian's build (no browser is
 * downloaded), headless, and with the background networking it would try on this closed
 * network turned off.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
