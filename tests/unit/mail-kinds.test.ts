import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../src/server/db/schema';
import { deliverMessage } from '../../src/server/jobs/definitions/deliver-mail';
import { mailKinds, readMessage } from '../../src/server/mail/kinds';
import type { Mailer } from '../../src/server/mail/mailer';
import { mailKinds as kindNames } from '../../src/shared/enums';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

describe('mail kinds', () => {
  it('has exactly one definition for every kind, filed under its own name', () => {
    expect(Object.keys(mailKinds).sort()).toEqual([...kindNames].sort());
    for (const [name, definition] of Object.entries(mailKinds)) expect(definition.kind).toBe(name);
    expect(new Set(Object.values(mailKinds)).size).toBe(kindNames.length);
  });

  it('reads stored params with the kind schema, naming the fields at fault and never their values', () => {
    const read = readMessage({ kind: 'declined', params: { signerName: 'Sam', reason: 'Too long' } });
    expect('skip' in read ? read.skip : read.message.params).toEqual({
      signerName: 'Sam',
      reason: 'Too long',
    });
    const wrong = readMessage({ kind: 'webhook_disabled', params: { url: 42 } });
    expect(wrong).toEqual({ skip: 'params of webhook_disabled do not fit its schema: url, reason' });
    expect(readMessage({ kind: 'carrier_pigeon', params: {} })).toEqual({
      skip: 'no mail kind carrier_pigeon',
    });
  });
});

describe('delivering a stored message its kind cannot read', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('skips it with the reason logged, and sends nothing', async () => {
    const { db } = database;
    const sent: string[] = [];
    const warnings: unknown[] = [];
    const mailer: Mailer = {
      kind: 'outbox',
      deliver: async (mail) => void sent.push(mail.subject),
      close() {},
    };
    const log = { warn: (entry: unknown) => void warnings.push(entry) } as never;
    const rows = await db
      .insert(mailMessages)
      .values([
        { kind: 'webhook_disabled', toEmail: 'a@example.com', toName: 'A', params: { url: 'https://h' } },
        { kind: 'carrier_pigeon', toEmail: 'b@example.com', toName: 'B', params: {} },
      ])
      .returning({ id: mailMessages.id });
    for (const { id } of rows) {
      await deliverMessage(
        { db, files: database.files, mailer, log, appUrl: new URL('http://localhost') },
        id,
        {
          attempts: 1,
          maxAttempts: 8,
        },
      );
      const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
      expect(row?.status).toBe('skipped');
    }
    expect(sent).toEqual([]);
    expect(warnings).toEqual([
      expect.objectContaining({ reason: 'params of webhook_disabled do not fit its schema: reason' }),
      expect.objectContaining({ reason: 'no mail kind carrier_pigeon' }),
    ]);
  });
});
