import { defineConfig } from 'vitest/config';
import { apiRouteTable } from './scripts/vite-api-routes';

export default defineConfig({
  // The web client's route table, for the tests that call it.
  plugins: [apiRouteTable()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Migrates a template database once when the tests run on a PostgreSQL server.
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
