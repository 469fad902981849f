// One app process for the benchmark: opens the database named by BENCH_DB, seeds the bench
// organization once, listens on BENCH_PORT and prints a line of JSON with what the load needs.
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { contracts, organizations } from '../src/server/db/schema';
import { inlinePdfEngine } from '../src/server/pdf/pdf-engine';
import { generateInstanceCertificate, readPkcs12 } from '../src/server/pdf/sealing-certificate';
import { defaultAccountLimits } from '../src/server/services/accounts/sign-in';
import { signUp } from '../src/server/services/accounts/sign-up';
import { createSession } from '../src/server/services/sessions/create-session';
import { sessionCookieName } from '../src/server/services/sessions/session-token';
import { seedContracts } from './seed-contracts';

const target = process.env.BENCH_DB ?? '';
const port = Number(process.env.BENCH_PORT);
const contractCount = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const projectCount = Number(process.env.BENCH_PROJECTS ?? 200);
const secret = 'bench-secret-bench-secret-bench-secret';

const database = await openDatabase(
  target.startsWith('postgres') ? { kind: 'postgres', url: target } : { kind: 'pglite', dataDir: target },
);
await database.migrate();
const db = database.db;

const benchEmail = 'bench@example.com';
let [organization] = await db.select().from(organizations).where(eq(organizations.name, 'Bench Co'));
let userId: string;
const seedStarted = performance.now();
if (!organization) {
  const account = await signUp(db, {
    name: 'Bench User',
    email: benchEmail,
    password: 'bench-password',
    organizationName: 'Bench Co',
  });
  await seedContracts(db, { ...account, contracts: contractCount, projects: projectCount });
  [organization] = await db.select().from(organizations).where(eq(organizations.id, account.organizationId));
  userId = account.userId;
} else {
  const user = await db.query.users.findFirst({
    where: (users, { eq: equals }) => equals(users.email, benchEmail),
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
const [contract] = await db
  .select({ id: contracts.id })
  .from(contracts)
  .where(eq(contracts.organizationId, organization.id))
  .limit(1);

const instance = generateInstanceCertificate({ commonName: 'Pactum bench', organization: 'Pactum bench' });
const app = await buildApp({
  db,
  ping: database.ping,
  config: { appUrl: new URL(`http://127.0.0.1:${port}`), sessionSecret: secret, demo: false },
  accountLimits: defaultAccountLimits,
  pdf: await inlinePdfEngine(),
  smtp: false,
  instanceCertificate: readPkcs12(instance.p12, instance.password),
});
await app.listen({ port, host: '127.0.0.1' });
console.log(
  JSON.stringify({
    ready: true,
    cookie: `${sessionCookieName}=${session.token}`,
    contractId: contract?.id,
    seedSeconds,
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
