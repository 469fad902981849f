import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { type App, type AppOptions, buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { memberships } from '../../src/server/db/schema';
import type { AppDeps } from '../../src/server/deps';
import {
  generateInstanceCertificate,
  readPkcs12,
  type SealingCertificate,
} from '../../src/server/pdf/pkcs12-certificate';
import { cookies } from '../../src/server/plugins/cookies';
import { defaultAccountLimits } from '../../src/server/services/accounts/sign-in';
import { signUp } from '../../src/server/services/accounts/sign-up';
import { createSession } from '../../src/server/services/sessions/create-session';
import type { FileStore } from '../../src/server/uploads/file-store';
import { type OpenedFileStore, temporaryFileStore } from '../../src/server/uploads/open-file-store';
import { openTestDatabase, type TestDatabase } from './test-database';
import { testEngines } from './test-engines';

let certificate: SealingCertificate | undefined;
/** One sealing certificate for the whole test file, made on first use. */
export function testCertificate(): SealingCertificate {
  certificate ??= readPkcs12(
    ...((): [Buffer, string] => {
      const made = generateInstanceCertificate({ commonName: 'Pactum test', organization: 'Pactum test' });
      return [made.p12, made.password];
    })(),
  );
  return certificate;
}

export const testSecret = 'test-secret-that-is-at-least-32-characters-long';
export const testAppUrl = new URL('http://localhost:3000');

export type TestContext = { app: App; database: TestDatabase; close(): Promise<void> };

/**
 * The real app on the given database, with the test configuration unless overridden. A database
 * given without its file store (one that cannot be reached) gets a temporary one, removed with the app.
 */
export async function buildTestApp(
  database: Pick<DatabaseHandle, 'db' | 'ping'> & { files?: FileStore },
  overrides: Partial<AppDeps> = {},
  options: AppOptions = {},
): Promise<App> {
  const temporary = database.files ? null : await temporaryFileStore();
  const files = database.files ?? (temporary as OpenedFileStore).files;
  const app = await buildApp(
    {
      db: database.db,
      ping: database.ping,
      files,
      appUrl: testAppUrl,
      secret: testSecret,
      demo: false,
      accountLimits: defaultAccountLimits,
      ...(await testEngines()),
      webhookTargets: { allowPrivate: false },
      smtp: false,
      instanceCertificate: testCertificate(),
      ...overrides,
    },
    options,
  );
  if (temporary) app.addHook('onClose', () => temporary.close());
  await app.ready();
  return app;
}

/** The real app on a real, freshly migrated database, driven in-process with inject(). */
export async function createTestContext(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const app = await buildTestApp(database, overrides);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/**
 * The set-up an API test file starts with, at its top: `const ctx = await testApp()` is the real
 * app on a fresh, migrated database, closed once the file's tests are done.
 */
export async function testApp(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  const ctx = await createTestContext(overrides);
  afterAll(() => ctx.close());
  return ctx;
}

export type TestAccount = {
  userId: string;
  organizationId: string;
  email: string;
  password: string;
  cookie: string;
};

let accountCounter = 0;

/** A new organization with its admin signed in (the session made directly, so sign-in throttling is not touched). */
export async function buildAccount(
  ctx: TestContext,
  overrides: Partial<{ name: string; email: string; password: string; organizationName: string }> = {},
): Promise<TestAccount> {
  accountCounter += 1;
  const input = {
    name: `Test User ${accountCounter}`,
    email: `user-${accountCounter}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery staple',
    organizationName: `Organization ${accountCounter}`,
    ...overrides,
  };
  const account = await signUp(ctx.database.db, input);
  const session = await createSession(ctx.database.db, {
    secret: testSecret,
    ...account,
    persistent: false,
    ip: '127.0.0.1',
    userAgent: 'vitest',
  });
  return {
    ...account,
    email: input.email,
    password: input.password,
    cookie: `${cookies.session.name}=${session.token}`,
  };
}

type JsonRequest = Omit<InjectOptions, 'body'> & { json?: unknown };

/** An API call as a browser on Pactum's own origin makes it, optionally signed in. */
export function call(
  ctx: TestContext,
  account: TestAccount | null,
  request: JsonRequest,
): Promise<LightMyRequestResponse> {
  const { json, headers, ...rest } = request;
  return ctx.app.inject({
    ...rest,
    headers: {
      ...(account ? { cookie: account.cookie } : {}),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
  });
}

export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === cookies.session.name);
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/** A small but varied editor document. */
export function sampleDocument(text = 'This agreement is made between the parties.') {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Agreement' }] },
      { type: 'paragraph', content: [{ type: 'text', text }] },
    ],
  };
}

/** A second person in the account's organization, with the member role, signed in. */
export async function buildMember(ctx: TestContext, admin: TestAccount): Promise<TestAccount> {
  const person = await buildAccount(ctx);
  await ctx.database.db
    .insert(memberships)
    .values({ organizationId: admin.organizationId, userId: person.userId, role: 'member' });
  const session = await createSession(ctx.database.db, {
    secret: testSecret,
    userId: person.userId,
    organizationId: admin.organizationId,
    persistent: false,
    ip: '127.0.0.1',
    userAgent: 'vitest',
  });
  return {
    ...person,
    organizationId: admin.organizationId,
    cookie: `${cookies.session.name}=${session.token}`,
  };
}
