import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { uploadLimits } from '../shared/limits';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** A number of megabytes (at least 1), read as bytes; `fallback` is in bytes. */
const megabytesSetting = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1_000_000_000, { error: 'must be at most 1000000000' })
    .default(fallback / 1024 / 1024)
    .transform((megabytes) => megabytes * 1024 * 1024);

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65535, { error: 'must be between 1 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): TrustProxy => {
      const trimmed = value.trim();
      if (['false', '0', 'no', 'off'].includes(trimmed)) return false;
      if (/^[1-9]\d?$/.test(trimmed)) return Number(trimmed);
      const addresses = trimmed.split(',').map((part) => part.trim());
      if (addresses.every((part) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part) && part.length > 1)) {
        return addresses;
      }
      context.addIssue({
        code: 'custom',
        message:
          "must be false, the number of proxies in front of Pactum (e.g. 1), or their addresses (e.g. '10.0.0.2,10.0.0.3' or '10.0.0.0/8'): 'true' would let any client choose its own address",
      });
      return z.NEVER;
    }),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).max(320).optional(),
  TSA_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Off only for a process that serves requests while others run the background jobs. */
  JOBS: booleanFlag.default(true),
  /** The job runner's safety poll; queued jobs wake the runners at once (LISTEN/NOTIFY). */
  JOBS_POLL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number' })
    .min(100, { error: 'must be between 100 and 300000' })
    .max(300_000, { error: 'must be between 100 and 300000' })
    .default(5_000),
  /** Megabytes one organization's contracts may hold (their PDFs and signed documents). */
  ORGANIZATION_STORAGE_MB: megabytesSetting(uploadLimits.storageBytes),
  /** Megabytes one organization may upload in an hour. */
  ORGANIZATION_UPLOAD_MB_PER_HOUR: megabytesSetting(uploadLimits.hourlyBytes),
  /** Let webhook endpoints be private, local or plain-http addresses (a receiver on the same network). */
  WEBHOOKS_ALLOW_PRIVATE: booleanFlag.default(false),
  /** Tests only: POST /api/test-clock moves the server's clock. Refused with NODE_ENV=production. */
  CLOCK_CONTROL: booleanFlag.default(false),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ error: 'must be a URL' }).default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_ISSUER: z
    .url({ error: 'must be a URL' })
    .default('https://login.microsoftonline.com/common/v2.0'),
});

const secretVariables = new Set([
  'SESSION_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'GOOGLE_CLIENT_SECRET',
  'MICROSOFT_CLIENT_SECRET',
]);

import { identityProviderNames } from '../shared/provider-sign-in';

export { identityProviderNames };
export type IdentityProviderName = (typeof identityProviderNames)[number];
export type IdentityProviderConfig = { issuer: string; clientId: string; clientSecret: string };

/** false, a hop count, or the proxies' addresses and CIDR ranges (Fastify's trustProxy forms). */
export type TrustProxy = false | number | string[];

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: URL;
  sessionSecret: string;
  demo: boolean;
  logLevel: (typeof logLevels)[number];
  /**
   * Behind reverse proxies: how many hops of X-Forwarded-For to trust, or which proxy addresses.
   * Never every hop, which would let a client pick its own address.
   */
  trustProxy: TrustProxy;
  /** Where mail goes; without it messages stay in the outbox, readable in the app. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** An RFC 3161 timestamp authority for sealed PDFs. */
  tsaUrl: string | undefined;
  /** Run the background jobs (mail, sealing, expiry, reminders) in this process. */
  jobs: boolean;
  /** How often the job runner looks for due jobs and dead workers' jobs without being woken. */
  jobsPollMs: number;
  /** Webhooks may target loopback, private and link-local addresses, and plain http://. */
  webhooksAllowPrivate: boolean;
  /** CLOCK_CONTROL: end-to-end tests move the clock through POST /api/test-clock (never in production). */
  clockControl: boolean;
  /** ORGANIZATION_STORAGE_MB in bytes: what one organization's contracts may hold. */
  organizationStorageBytes: number;
  /** ORGANIZATION_UPLOAD_MB_PER_HOUR in bytes: what one organization may upload in an hour. */
  organizationHourlyUploadBytes: number;
  /** OpenID Connect sign-in, for each provider whose client id and secret are set. */
  identityProviders: Partial<Record<IdentityProviderName, IdentityProviderConfig>>;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads and checks the configuration. A wrong value stops the start with a message naming the
 * variable; SESSION_SECRET, when absent, is generated once and kept under DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      // Never echo a secret (or a URL that may hold a password) into a terminal or a log.
      const shown = secretVariables.has(name) ? '' : ` (got '${env[name] ?? ''}')`;
      return `  ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.CLOCK_CONTROL && values.NODE_ENV === 'production') {
    throw new ConfigError(
      "Invalid configuration:\n  CLOCK_CONTROL lets anyone move the server's clock: it is for tests, never with NODE_ENV=production",
    );
  }
  const dataDir = resolve(values.DATA_DIR);
  const embedded = values.DATABASE_URL === undefined;
  const appUrl = new URL(values.APP_URL ?? `http://localhost:${values.PORT}`);
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    appUrl,
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    demo: values.DEMO ?? (embedded && values.NODE_ENV !== 'production'),
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? `Pactum <no-reply@${appUrl.hostname}>`,
    tsaUrl: values.TSA_URL,
    jobs: values.JOBS,
    jobsPollMs: values.JOBS_POLL_MS,
    webhooksAllowPrivate: values.WEBHOOKS_ALLOW_PRIVATE,
    clockControl: values.CLOCK_CONTROL,
    organizationStorageBytes: values.ORGANIZATION_STORAGE_MB,
    organizationHourlyUploadBytes: values.ORGANIZATION_UPLOAD_MB_PER_HOUR,
    identityProviders: {
      ...(values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              issuer: values.GOOGLE_ISSUER,
              clientId: values.GOOGLE_CLIENT_ID,
              clientSecret: values.GOOGLE_CLIENT_SECRET,
            },
          }
        : {}),
      ...(values.MICROSOFT_CLIENT_ID && values.MICROSOFT_CLIENT_SECRET
        ? {
            microsoft: {
              issuer: values.MICROSOFT_ISSUER,
              clientId: values.MICROSOFT_CLIENT_ID,
              clientSecret: values.MICROSOFT_CLIENT_SECRET,
            },
          }
        : {}),
    },
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process started at the same moment and wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
