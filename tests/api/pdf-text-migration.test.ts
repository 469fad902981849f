import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../../src/server/db/client';
import { migrationsDir } from '../../src/server/paths';

// A database with PDFs uploaded before their text was read for search: the migration that brings
// the reading queues it for each of them, once per file however many rows hold it.
const client = new PGlite({ extensions: pgliteExtensions });
afterAll(() => client.close());

const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const change = journal.entries.findIndex((entry) => entry.tag.endsWith('_pdf-text'));

async function migrateUpToTheChange(): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsDir }).slice(0, change);
  for (const migration of migrations) for (const statement of migration.sql) await client.exec(statement);
  await client.exec(`create schema drizzle;
    create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const migration of migrations) {
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

const shared = 'a'.repeat(64);
const alone = 'b'.repeat(64);

describe('PDFs uploaded before their text was searched', () => {
  it('get a job each that reads their text, in their organization’s turn', async () => {
    expect(change).toBeGreaterThan(0);
    await migrateUpToTheChange();
    const { rows } = await client.query<{ organization: string }>(
      `with org as (insert into organizations (name) values ('Before text') returning id),
        made as (
          insert into contracts (organization_id, title, content, content_html, is_template, created_by_name)
          select id, 'Template ' || n, '{"type":"doc","content":[]}'::jsonb, '', true, 'Ada'
          from org, generate_series(1, 3) n returning id, organization_id)
      insert into contract_files (contract_id, position, name, sha256, byte_size, page_count, pages)
      select made.id, 0, 'file.pdf', case when row_number() over () = 3 then $2 else $1 end, 100, 1,
             '[{"width":595,"height":842}]'::jsonb
      from made
      returning (select organization_id from made limit 1) as organization`,
      [shared, alone],
    );
    const organization = rows[0]?.organization;

    await migrate(drizzle(client), { migrationsFolder: migrationsDir });

    const jobs = await client.query<{ type: string; payload: { sha256: string }; organization_id: string }>(
      `select type, payload, organization_id from jobs where type = 'read-file-text' order by payload->>'sha256'`,
    );
    expect(jobs.rows).toEqual([
      { type: 'read-file-text', payload: { sha256: shared }, organization_id: organization },
      { type: 'read-file-text', payload: { sha256: alone }, organization_id: organization },
    ]);
    // Nothing is searched of them until then, and each contract says no page is missing yet.
    const search = await client.query<{ unsearchable_pages: number; file_passage: string }>(
      'select unsearchable_pages, file_passage from contract_search',
    );
    expect(search.rows).toHaveLength(3);
    for (const row of search.rows) expect(row).toEqual({ unsearchable_pages: 0, file_passage: '' });
  });
});
