import type { Actor } from './actor';
import type { Database } from './db/client';
import type { JobDeps } from './jobs/job-definition';
import type { PdfEngine } from './pdf/pdf-engine';
import type { SealingCertificate } from './pdf/pkcs12-certificate';
import type { AccountLimits } from './services/accounts/sign-in';
import type { TargetRules } from './services/webhooks/webhook-target';
import type { FileStore } from './uploads/file-store';

/** What the process lends a use case besides the database: each service names the few it uses. */
export type ServiceDeps = {
  pdf: PdfEngine;
  /** Where uploaded files' bytes live. */
  files: FileStore;
  /** APP_URL: links, the WebAuthn relying party. */
  appUrl: URL;
  /** SESSION_SECRET, which seals authenticator, webhook and certificate secrets. */
  secret: string;
  /** The instance's sealing certificate, used when the organization has none of its own. */
  instanceCertificate: SealingCertificate;
  /** Whether mail goes to an SMTP server (else it stays in the outbox). */
  smtp: boolean;
  accountLimits: AccountLimits;
  /** Where webhook endpoints may point: WEBHOOKS_ALLOW_PRIVATE, and the resolver. */
  webhookTargets: TargetRules;
};

/**
 * A use case's first argument: who acts (and in which organization, from where), the database,
 * and the dependencies it names — `ServiceContext<'pdf'>` for one that renders. A request's is
 * built once by `contextOf(request)` (plugins/authentication.ts) and holds every dependency; a
 * caller outside a request (the demo, tests, benchmarks) gives only what the service names.
 */
export type ServiceContext<K extends keyof ServiceDeps = never> = {
  db: Database;
  actor: Actor;
} & Pick<ServiceDeps, K>;

/** Where a request came from, as the audit trail records it. */
export type RequestOrigin = { ip: string | null; userAgent: string | null };

/**
 * A signer's request on the signing page: the signer its signing cookie names (whose signature
 * held), the link the cookie was opened with (`signing_links.id`, which the services check again
 * under the contract's lock; null only where no link is involved: the demo and tests signing
 * through the services), the database and where the request came from. Built once per request
 * by the signing routes (`signerOf` in routes/signing.ts); the demo and tests give their own.
 */
export type SignerContext = {
  db: Database;
  signerId: string;
  linkId: string | null;
  origin: RequestOrigin;
};

/**
 * An external reviewer's request on the review page: the reviewer their review cookie names, the
 * database and where the request came from. Built once per request by the review routes.
 */
export type ReviewerContext = { db: Database; reviewerId: string; origin: RequestOrigin };

/**
 * What a job's use case takes: the process's job dependencies (`JobDeps`, given once when the
 * background work starts and passed to every handler), of which it names the ones it uses.
 * A job acts for no one, so there is no actor.
 */
export type JobContext<K extends keyof JobDeps = never> = Pick<JobDeps, 'db' | K>;
