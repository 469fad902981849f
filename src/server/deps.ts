import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { DocxEngine } from './docx/docx-engine';
import type { Config } from './env';
import type { Mailer } from './mail/mailer';
import type { PdfEngine } from './pdf/pdf-engine';
import type { SealingCertificate } from './pdf/pkcs12-certificate';
import type { AccountLimits } from './services/accounts/sign-in';
import type { ContentEngine } from './services/contracts/content-engine';
import type { RateLimitRule } from './services/rate-limits/consume-rate-limit';
import type { TargetRules } from './services/webhooks/webhook-target';
import type { FileStore } from './uploads/file-store';
import type { UploadEngine } from './uploads/upload-engine';
import type { UploadPolicy } from './uploads/upload-policy';

/**
 * Everything the process is made of, one name per thing: main.ts builds it once and hands the app
 * (`AppDeps`), the background work (`JobDeps`, context.ts) and the services (`ServiceDeps`) the
 * parts they use. Tests and benchmarks build the parts they need.
 */
export type ProcessDeps = {
  db: Database;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  /** Where uploaded files' bytes live (uploads/open-file-store.ts). */
  files: FileStore;
  pdf: PdfEngine;
  content: ContentEngine;
  docx: DocxEngine;
  uploads: UploadEngine;
  /** APP_URL: links, cookies, the same-origin check, the WebAuthn relying party. */
  appUrl: URL;
  /** SESSION_SECRET, which seals cookies and authenticator, webhook and certificate secrets. */
  secret: string;
  /** The instance's sealing certificate, used when the organization has none of its own. */
  instanceCertificate: SealingCertificate;
  /** Whether mail goes to an SMTP server (else it stays in the outbox). */
  smtp: boolean;
  mailer: Mailer;
  log: FastifyBaseLogger;
  accountLimits: AccountLimits;
  /** Where webhook endpoints may point: WEBHOOKS_ALLOW_PRIVATE, and the resolver (the system's unless given). */
  webhookTargets: TargetRules;
  /**
   * How many failures in a row turn an endpoint off (defaultDisableAfterFailures otherwise) and
   * how long a receiver may take (webhookTimeoutMs otherwise): tests shorten them.
   */
  webhookDelivery?: { disableAfterFailures?: number; timeoutMs?: number };
  /** TSA_URL: the RFC 3161 time-stamping authority seals are stamped by. */
  tsaUrl?: string;
  /**
   * The minimum upload rate and each organization's storage quota and hourly upload budget
   * (ORGANIZATION_STORAGE_MB, ORGANIZATION_UPLOAD_MB_PER_HOUR); `uploadLimits` where left out.
   */
  uploadPolicy?: Partial<UploadPolicy>;
  /** Requests one API token may make per window (a minute, 600 by default). */
  apiTokenLimit?: RateLimitRule;
  /** Refused API tokens one address may send per window (30 per 15 minutes by default). */
  badApiTokenLimit?: RateLimitRule;
  /** DEMO: the sign-in page offers the demo account. */
  demo: boolean;
  /** CLOCK_CONTROL: the test-only route that moves the clock is served. */
  clockControl?: boolean;
  /** The OpenID Connect providers people may sign in with; none unless given. */
  identityProviders?: Config['identityProviders'];
};

/** The engines that run work on untrusted input in threads of their own (workers/task-engine.ts). */
export type EngineName = 'pdf' | 'content' | 'docx' | 'uploads';

/** What the process lends a use case besides the database: each service names the few it uses. */
export type ServiceDeps = Pick<
  ProcessDeps,
  | EngineName
  | 'files'
  | 'appUrl'
  | 'secret'
  | 'instanceCertificate'
  | 'smtp'
  | 'accountLimits'
  | 'webhookTargets'
>;

/** What the app is built from: the entry point passes the real ones, tests their own. */
export type AppDeps = ServiceDeps &
  Pick<
    ProcessDeps,
    | 'db'
    | 'ping'
    | 'uploadPolicy'
    | 'apiTokenLimit'
    | 'badApiTokenLimit'
    | 'demo'
    | 'identityProviders'
    | 'clockControl'
  >;
