import type { Database } from './db/client';
import type { Config } from './env';
import type { PdfEngine } from './pdf/pdf-engine';
import type { SealingCertificate } from './pdf/pkcs12-certificate';
import type { AccountLimits } from './services/accounts/sign-in';
import type { RateLimitRule } from './services/rate-limits/consume-rate-limit';
import type { HostLookup } from './services/webhooks/webhook-target';
import type { FileStore } from './uploads/file-store';
import type { UploadPolicy } from './uploads/upload-policy';

/** What the app is built from: the entry point passes the real ones, tests their own. */
export type AppDeps = {
  db: Database;
  ping: () => Promise<void>;
  config: Pick<Config, 'appUrl' | 'sessionSecret' | 'demo'> & Partial<Pick<Config, 'identityProviders'>>;
  accountLimits: AccountLimits;
  /** Requests one API token may make per window (a minute, 600 by default). */
  apiTokenLimit?: RateLimitRule;
  /** Refused API tokens one address may send per window (30 per 15 minutes by default). */
  badApiTokenLimit?: RateLimitRule;
  /** WEBHOOKS_ALLOW_PRIVATE: endpoints may be private or local addresses, or plain http://. */
  webhooksAllowPrivate?: boolean;
  /** How webhook hosts are resolved when an endpoint is saved: the system's resolver unless given (tests). */
  webhookLookup?: HostLookup;
  pdf: PdfEngine;
  /** Where uploaded files' bytes live (the database handle's store). */
  files: FileStore;
  /**
   * The minimum upload rate and each organization's storage quota and hourly upload budget
   * (ORGANIZATION_STORAGE_MB, ORGANIZATION_UPLOAD_MB_PER_HOUR); `uploadLimits` where left out.
   */
  uploads?: Partial<UploadPolicy>;
  /** Whether mail goes to an SMTP server (else it stays in the outbox). */
  smtp: boolean;
  /** The instance's sealing certificate (organizations may upload their own). */
  instanceCertificate: SealingCertificate;
};
