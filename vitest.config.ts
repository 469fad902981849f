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
    // Each worker keeps its modules from one file to the next: a file imports the whole server
    // (about 8 s of a busy two-core machine's time), so isolating every file spent half the run
    // importing (871 s in all against 404 s without). No test mocks modules or writes the
    // environment, and each file builds its own app on its own database and closes it.
    isolate: false,
    // Migrates a template database once when the tests run on a PostgreSQL server.
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
