import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../../src/server/db/client';
import { migrationsDir } from '../../src/server/paths';

// A database made before documents were kept as json (migration 0020): its documents and the
// hashes of its versions must come through the change of column type as they were.
const client = new PGlite({ extensions: pgliteExtensions });
afterAll(() => client.close());

const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const change = journal.entries.findIndex((entry) => entry.tag === '0020_documents-as-json-text');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Applies the migrations before `change` and records them as drizzle's migrator does. */
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

describe('documents kept as json text', () => {
  it('keeps the documents and the version hashes of a database made when they were jsonb', async () => {
    expect(change).toBeGreaterThan(0);
    await migrateUpToTheChange();
    const document = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Zażółć gęślą jaźń — Договор' }] }],
    };
    const { rows } = await client.query<{ contract: string; hash: string; stored: string }>(
      `with org as (insert into organizations (name) values ('Before json') returning id),
        contract as (
          insert into contracts (organization_id, title, content, content_html, is_template, created_by_name)
          select id, 'Kept', $1::jsonb, '<p></p>', true, 'Ada' from org returning id, content)
      insert into contract_versions (contract_id, number, kind, title, content, content_hash, author_name)
      select id, 1, 'edited', 'Kept', content, encode(sha256(convert_to(content::text, 'UTF8')), 'hex'), 'Ada'
      from contract
      returning contract_id as contract, content_hash as hash, content::text as stored`,
      [JSON.stringify(document)],
    );
    const before = rows[0];
    if (!before) throw new Error('nothing was inserted');
    // jsonb's own text: a space after each colon and comma.
    expect(before.stored).toContain('"type": "doc"');
    expect(before.hash).toBe(sha256(before.stored));

    await migrate(drizzle(client), { migrationsFolder: migrationsDir });

    const after = await client.query<{ type: string; text: string; hash: string; version: unknown }>(
      `select pg_typeof(c.content)::text as type, c.content::text as text, v.content_hash as hash, v.content as version
       from contracts c join contract_versions v on v.contract_id = c.id where c.id = $1`,
      [before.contract],
    );
    const row = after.rows[0];
    expect(row?.type).toBe('json');
    // The same text as jsonb printed it, so the recorded hash is still the hash of what is kept.
    expect(row?.text).toBe(before.stored);
    expect(row?.hash).toBe(sha256(row?.text ?? ''));
    expect(row?.version).toEqual(document);
  });
});
