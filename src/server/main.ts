import { buildApp } from './app';
import { openDatabase } from './db/client';
import { demoCredentials, seedDemoWorkspace } from './demo/seed-demo';
import { ConfigError, loadConfig } from './env';
import { startBackgroundWork } from './jobs/background-work';
import { createLogger } from './logging';
import { type Mailer, outboxMailer, smtpMailer } from './mail/mailer';
import { defaultPdfEngine } from './pdf/pdf-engine';
import { loadOrCreateInstanceCertificate } from './pdf/pkcs12-certificate';
import { defaultAccountLimits } from './services/accounts/sign-in';
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

  const certificate = loadOrCreateInstanceCertificate(config.dataDir, `Pactum ${config.appUrl.host}`);
  const pdf = await defaultPdfEngine(new URL('.', import.meta.url));
  if (config.demo && (await seedDemoWorkspace(database.db, { pdf, files: database.files }))) {
    log.info('seeded the demo workspace');
    // The seed's rendering is done: free the worker until a contract is sent or sealed.
    await pdf.close();
  }
  const mailer: Mailer = config.smtpUrl
    ? smtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : outboxMailer(log, { printAccessLinks: config.demo });
  const app = await buildApp(
    {
      db: database.db,
      ping: database.ping,
      files: database.files,
      config,
      accountLimits: defaultAccountLimits,
      pdf,
      smtp: mailer.kind === 'smtp',
      instanceCertificate: certificate,
      webhooksAllowPrivate: config.webhooksAllowPrivate,
      uploads: {
        storageBytes: config.organizationStorageBytes,
        hourlyBytes: config.organizationHourlyUploadBytes,
      },
    },
    { loggerInstance: log, trustProxy: config.trustProxy },
  );
  const background = config.jobs
    ? startBackgroundWork(
        {
          db: database.db,
          files: database.files,
          pdf,
          mailer,
          appUrl: config.appUrl,
          log,
          certificate: { p12: certificate.p12, password: certificate.password },
          secret: config.sessionSecret,
          ...(config.tsaUrl ? { tsaUrl: config.tsaUrl } : {}),
          webhooks: { allowPrivate: config.webhooksAllowPrivate },
        },
        { pollMs: config.jobsPollMs },
      )
    : null;
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await background?.stop();
    await pdf.close();
    mailer.close();
    await database.close();
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
