import { buildApp } from './app';
import { openDatabase } from './db/client';
import { demoCredentials, seedDemoWorkspace } from './demo/seed-demo';
import type { ProcessDeps } from './deps';
import { defaultDocxEngine } from './docx/docx-engine';
import { ConfigError, loadConfig } from './env';
import { startBackgroundWork } from './jobs/background-work';
import { createLogger } from './logging';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer';
import { defaultPdfEngine } from './pdf/pdf-engine';
import { loadOrCreateInstanceCertificate } from './pdf/pkcs12-certificate';
import { defaultAccountLimits } from './services/accounts/sign-in';
import { defaultContentEngine } from './services/contracts/content-engine';
import { openFileStore } from './uploads/open-file-store';
import { defaultUploadEngine } from './uploads/upload-engine';
import { runRuntimeThreadsBelowServer } from './workers/thread-priority';

async function main(): Promise<void> {
  await runRuntimeThreadsBelowServer();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const log = createLogger(config.logLevel);
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          onPoolError: (err) => log.warn({ err }, 'database connection lost'),
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
  } catch (error) {
    const where = config.databaseUrl
      ? 'the database at DATABASE_URL'
      : `the embedded database in ${config.dataDir}`;
    console.error(`Cannot prepare ${where}: ${(error as Error).message}`);
    await database.close();
    process.exit(1);
  }

  const opened = await openFileStore(database, config.dataDir);
  const mailer: Mailer = config.smtpUrl
    ? smtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : outboxMailer(log, { printAccessLinks: config.demo });
  // The process's dependencies, built once: the app, the background work and the demo seed each
  // get their part of it.
  const serverDir = new URL('.', import.meta.url);
  const deps: ProcessDeps = {
    db: database.db,
    ping: database.ping,
    files: opened.files,
    pdf: await defaultPdfEngine(serverDir),
    content: defaultContentEngine(serverDir),
    docx: defaultDocxEngine(serverDir),
    uploads: defaultUploadEngine(serverDir),
    appUrl: config.appUrl,
    secret: config.sessionSecret,
    instanceCertificate: loadOrCreateInstanceCertificate(config.dataDir, `Pactum ${config.appUrl.host}`),
    smtp: mailer.kind === 'smtp',
    mailer,
    log,
    accountLimits: defaultAccountLimits,
    webhookTargets: { allowPrivate: config.webhooksAllowPrivate },
    ...(config.tsaUrl ? { tsaUrl: config.tsaUrl } : {}),
    uploadPolicy: {
      storageBytes: config.organizationStorageBytes,
      hourlyBytes: config.organizationHourlyUploadBytes,
    },
    demo: config.demo,
    identityProviders: config.identityProviders,
    clockControl: config.clockControl,
  };
  if (config.clockControl)
    log.warn('CLOCK_CONTROL is on: anyone who reaches this server can move its clock (tests only)');
  if (config.demo && (await seedDemoWorkspace(deps.db, deps))) {
    log.info('seeded the demo workspace');
    // The seed's rendering is done: free the workers until a contract is sent or sealed.
    await Promise.all([deps.pdf.close(), deps.content.close()]);
  }
  const app = await buildApp(deps, { loggerInstance: log, trustProxy: config.trustProxy });
  const background = config.jobs ? startBackgroundWork(deps, { pollMs: config.jobsPollMs }) : null;
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await background?.stop();
    await Promise.all([deps.pdf.close(), deps.content.close(), deps.docx.close(), deps.uploads.close()]);
    mailer.close();
    await database.close();
    await opened.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where =
    database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL at DATABASE_URL';
  const banner = [
    '',
    `  Pactum is running at ${config.appUrl.origin}  (${where})`,
    ...(config.demo ? [`  Demo sign-in: ${demoCredentials.email} / ${demoCredentials.password}`] : []),
    `  API reference: ${config.appUrl.origin}/api/docs`,
    '',
  ];
  console.log(banner.join('\n'));
}

await main();
