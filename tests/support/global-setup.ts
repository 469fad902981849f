import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database on the TEST_DATABASE_URL server that each test file's database is copied from. */
    templateDatabase: string | undefined;
  }
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * With TEST_DATABASE_URL, the migrations run once, into a template database, and each test file's
 * fresh database is a copy of it (`create database … template`): a copy takes a fraction of the
 * second that running every migration again took. Dropped at the end of the run.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('templateDatabase', undefined);
    return;
  }
  const name = `pactum_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await handle.migrate();
  } finally {
    // A template must have no connection open while it is copied.
    await handle.close();
  }
  project.provide('templateDatabase', name);
  return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
}
