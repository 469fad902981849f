import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { apiRouteTable } from './scripts/vite-api-routes';

export default defineConfig({
  // The web client's route table, for the tests that call it.
  plugins: [apiRouteTable()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Two files at a time even on two cores (the default would be one): most API tests spend their
    // time waiting on PostgreSQL, a spawned server or a worker thread, and the other file runs meanwhile.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Migrates a template database once when the tests run on a PostgreSQL server.
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
