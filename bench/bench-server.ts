// One app process for the benchmark: opens the database named by BENCH_DB, seeds one bench
// organization per size in BENCH_SIZES once, listens on BENCH_PORT and prints a line of JSON with what the load needs.
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector/promises';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { contracts, organizations } from '../src/server/db/schema';
import { inlineDocxEngine } from '../src/server/docx/docx-engine';
import { inlinePdfEngine } from '../src/server/pdf/pdf-engine';
import { generateInstanceCertificate, readPkcs12 } from '../src/server/pdf/pkcs12-certificate';
import { cookies } from '../src/server/plugins/cookies';
import { defaultAccountLimits } from '../src/server/services/accounts/sign-in';
import { signUp } from '../src/server/services/accounts/sign-up';
import { inlineContentEngine } from '../src/server/services/contracts/content-engine';
import { createSession } from '../src/server/services/sessions/create-session';
import { openFileStore } from '../src/server/uploads/open-file-store';
import { inlineUploadEngine } from '../src/server/uploads/upload-engine';
import { seedContracts } from './seed-contracts';

const target = process.env.BENCH_DB ?? '';
const port = Number(process.env.BENCH_PORT);
// One organization per size, in the same database, as tenants of one instance share its tables.
const sizes = (process.env.BENCH_SIZES ?? '100000').split(',').map(Number);
const projectCount = Number(process.env.BENCH_PROJECTS ?? 200);
const secret = process.env.BENCH_SECRET ?? 'bench-secret-bench-secret-bench-secret';

const database = await openDatabase(
  target.startsWith('postgres') ? { kind: 'postgres', url: target } : { kind: 'pglite', dataDir: target },
);
await database.migrate();
const db = database.db;

async function benchOrganization(size: number) {
  const name = `Bench Co ${size}`;
  const email = `bench-${size}@example.com`;
  let [organization] = await db.select().from(organizations).where(eq(organizations.name, name));
  let userId: string;
  const seedStarted = performance.now();
  if (!organization) {
    const account = await signUp(db, {
      name: 'Bench User',
      email,
      password: 'bench-password',
      organizationName: name,
    });
    await seedContracts(db, { ...account, contracts: size, projects: projectCount });
    [organization] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.id, account.organizationId));
    userId = account.userId;
  } else {
    const user = await db.query.users.findFirst({
      where: (users, { eq: equals }) => equals(users.email, email),
    });
    userId = user?.id ?? '';
  }
  if (!organization) throw new Error('the bench organization is missing');
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const session = await createSession(db, {
    secret,
    userId,
    organizationId: organization.id,
    persistent: true,
    ip: null,
    userAgent: 'bench',
  });
  // The contract a person opens first: the most recently changed one.
  const [contract] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.organizationId, organization.id), eq(contracts.isTemplate, false)))
    .orderBy(desc(contracts.updatedAt))
    .limit(1);
  return { contracts: size, token: session.token, contractId: contract?.id, seedSeconds };
}

const benchOrganizations = [];
for (const size of sizes) benchOrganizations.push(await benchOrganization(size));

const instance = generateInstanceCertificate({ commonName: 'Pactum bench', organization: 'Pactum bench' });
const app = await buildApp({
  db,
  ping: database.ping,
  files: (await openFileStore(database, target.startsWith('postgres') ? undefined : target)).files,
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
console.log(
  JSON.stringify({
    ready: true,
    cookieName: cookies.session.name,
    organizations: benchOrganizations,
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
// With BENCH_PROFILE=dir, SIGUSR2 starts a CPU profile and the next SIGUSR2 writes it to dir
// (open it in Chrome's DevTools or read it with bench/profile-summary.ts): only the load is
// profiled, not the start-up.
const profileDir = process.env.BENCH_PROFILE;
if (profileDir) {
  const session = new inspector.Session();
  session.connect();
  let running = false;
  process.on('SIGUSR2', async () => {
    if (!running) {
      running = true;
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
      return;
    }
    running = false;
    const { profile } = await session.post('Profiler.stop');
    const file = join(profileDir, `bench-server-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(JSON.stringify({ profile: file }));
  });
}
