import type { Actor } from './actor';
import type { Database } from './db/client';
import type { EngineName, ProcessDeps, ServiceDeps } from './deps';

/** What every job may use: given once, when the process starts its background work. */
export type JobDeps = Pick<
  ProcessDeps,
  | 'db'
  | 'mailer'
  | 'appUrl'
  | 'log'
  | EngineName
  | 'files'
  | 'instanceCertificate'
  | 'secret'
  | 'tsaUrl'
  | 'webhookTargets'
  | 'webhookDelivery'
>;

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
 * through the services), the database, where the request came from, and the dependencies its
 * service names as a ServiceContext does (`SignerContext<'content'>` for signing, whose patterns
 * and pictures are checked in the content engine). Built once per request by the signing routes
 * (`signerOf` in routes/signing.ts); the demo and tests give their own.
 */
export type SignerContext<K extends keyof ServiceDeps = never> = {
  db: Database;
  signerId: string;
  linkId: string | null;
  origin: RequestOrigin;
} & Pick<ServiceDeps, K>;

/**
 * A public link's visitor: nobody signed in, only the link's token (which the service looks up
 * itself), the database, where the request came from (their address is what they are limited
 * by) and the dependencies its service names. Built once per request by the public link routes.
 */
export type VisitorContext<K extends keyof ServiceDeps = never> = {
  db: Database;
  origin: RequestOrigin;
} & Pick<ServiceDeps, K>;

/**
 * An external reviewer's request on the review page: the reviewer their review cookie names, the
 * database, where the request came from and the dependencies its service names. Built once per
 * request by the review routes.
 */
export type ReviewerContext<K extends keyof ServiceDeps = never> = {
  db: Database;
  reviewerId: string;
  origin: RequestOrigin;
} & Pick<ServiceDeps, K>;

/**
 * What a job's use case takes: the process's job dependencies (`JobDeps`, given once when the
 * background work starts and passed to every handler), of which it names the ones it uses.
 * A job acts for no one, so there is no actor.
 */
export type JobContext<K extends keyof JobDeps = never> = Pick<JobDeps, 'db' | K>;
