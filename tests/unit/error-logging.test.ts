import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggableCause } from '../../src/server/logging';

describe('logging a failed query', () => {
  it("keeps the statement and the driver's classification, never the parameters or the row", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        severity: 'ERROR',
        routine: '_bt_check_unique',
        table: 'users',
        constraint: 'users_email_key',
        detail: 'Key (email)=(grace@example.com) already exists.',
      },
    );
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['grace@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
      cause,
    );
    const logged = JSON.stringify(loggableCause(error));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_email_key');
    expect(logged).not.toContain('grace@example.com');
    expect(logged).not.toContain('argon2id');
  });
});
