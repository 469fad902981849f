// One app process for the notification stream benchmark, started by bench/streams.ts with an
// IPC channel. It opens the database named by BENCH_DB, makes BENCH_PEOPLE people with a
// session each, listens on BENCH_PORT and answers the driver's messages:
//   { stats }            → statements sent so far, memory after a full GC, open streams
//   { notify: userId }   → writes one notification for that person (as any writer does)
// Statements are counted where node-postgres sends them (Client.prototype.query: the pool's
// connections and the LISTEN connection alike); PGlite runs in this process and offers no such
// hook, so with PGlite the count is not available.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { memberships, notifications, organizations, users } from '../src/server/db/schema';
import { inlineDocxEngine } from '../src/server/docx/docx-engine';
import { inlinePdfEngine } from '../src/server/pdf/pdf-engine';
import { generateInstanceCertificate, readPkcs12 } from '../src/server/pdf/pkcs12-certificate';
import { cookies } from '../src/server/plugins/cookies';
import { defaultAccountLimits } from '../src/server/services/accounts/sign-in';
import { inlineContentEngine } from '../src/server/services/contracts/content-engine';
import { createSession } from '../src/server/services/sessions/create-session';
import { openFileStore } from '../src/server/uploads/open-file-store';
import { inlineUploadEngine } from '../src/server/uploads/upload-engine';

const target = process.env.BENCH_DB ?? '';
const port = Number(process.env.BENCH_PORT);
const people = Number(process.env.BENCH_PEOPLE ?? 400);
const secret = 'bench-secret-bench-secret-bench-secret';

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof query;

const postgres = target.startsWith('postgres');
const database = await openDatabase(
  postgres ? { kind: 'postgres', url: target } : { kind: 'pglite', dataDir: target },
);
await database.migrate();
const db = database.db;

// The people are written directly (no argon2 hashing): what is measured is the streams.
const [organization] = await db
  .insert(organizations)
  .values({ name: 'Stream Bench Co' })
  .returning({ id: organizations.id });
if (!organization) throw new Error('no organization');
const members = await db
  .insert(users)
  .values(
    Array.from({ length: people }, (_, n) => ({
      name: `Stream Person ${n}`,
      email: `stream-${n}-${randomUUID().slice(0, 8)}@example.com`,
      emailVerifiedAt: new Date(),
    })),
  )
  .returning({ id: users.id });
await db.insert(memberships).values(
  members.map((person) => ({
    organizationId: organization.id,
    userId: person.id,
    role: 'member' as const,
  })),
);
const sessions: { userId: string; cookie: string }[] = [];
for (const person of members) {
  const session = await createSession(db, {
    secret,
    userId: person.id,
    organizationId: organization.id,
    persistent: true,
    ip: null,
    userAgent: 'bench',
  });
  sessions.push({ userId: person.id, cookie: `${cookies.session.name}=${session.token}` });
}

const instance = generateInstanceCertificate({ commonName: 'Pactum bench', organization: 'Pactum bench' });
const app = await buildApp({
  db,
  ping: database.ping,
  files: (await openFileStore(database, postgres ? undefined : target)).files,
  appUrl: new URL(`http://127.0.0.1:${port}`),
  secret,
  demo: false,
  accountLimits: defaultAccountLimits,
  pdf: await inlinePdfEngine(),
  content: inlineContentEngine(),
  docx: inlineDocxEngine(),
  uploads: inlineUploadEngine(),
  webhookTargets: { allowPrivate: false },
  smtp: false,
  instanceCertificate: readPkcs12(instance.p12, instance.password),
});
await app.listen({ port, host: '127.0.0.1' });

const now = () => performance.timeOrigin + performance.now();
process.on('message', async (message: { stats?: true; notify?: string }) => {
  if (message.stats) {
    globalThis.gc?.();
    const memory = process.memoryUsage();
    process.send?.({
      stats: { statements: postgres ? statements : null, rss: memory.rss, heapUsed: memory.heapUsed },
    });
  }
  if (message.notify) {
    await db.insert(notifications).values({ userId: message.notify, kind: 'viewed', message: 'Bench' });
    process.send?.({ notified: message.notify, at: now() });
  }
});
process.send?.({ ready: true, driver: database.kind, sessions });
