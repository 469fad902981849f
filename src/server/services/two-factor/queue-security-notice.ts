import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';

/**
 * What changed or was tried (the mail words each): how the account signs in, what was tried
 * against it, or a lasting way in made with it (an API token acts with its creator's rights until
 * revoked, whatever happens to the session).
 */
export type SecurityChange =
  | 'totp-on'
  | 'totp-off'
  | 'passkey-added'
  | 'passkey-removed'
  | 'recovery-codes'
  /** Wrong second-factor codes were entered after the right password. */
  | 'wrong-codes'
  /** The password was reset; the detail says what became of the account's API tokens. */
  | 'password-reset'
  | 'api-token-created';

/** A change to what guards the whole organization, which every admin hears of. */
export type OrganizationSecurityChange = 'two-factor-requirement-off' | 'webhook-added' | 'webhook-moved';

/** Whom the notice goes to, and from where the change came. */
export type SecurityNoticeOwner = Pick<Actor, 'organizationId' | 'userName' | 'email' | 'ip'>;

/** The longest detail kept (a passkey's or a token's name, a webhook's URL). */
const maxDetail = 200;

/**
 * Tells the owner by e-mail that a way of signing in was added or removed, an API token made with
 * their account, codes tried against it or its password reset, so a change made from a session
 * they did not open does not go unnoticed. Queued in the change's transaction; a dedupe key makes
 * it once-only; `facts` are kept beside the detail (a token's scope and expiry).
 */
export async function queueSecurityNotice(
  tx: Database,
  owner: SecurityNoticeOwner,
  change: SecurityChange,
  options: { detail?: string; dedupeKey?: string; facts?: { scope: string; expiresAt: string } } = {},
): Promise<void> {
  await queueMail(tx, {
    organizationId: owner.organizationId,
    contractId: null,
    kind: 'security_change',
    to: { name: owner.userName, email: owner.email },
    params: { ...options.facts, ...noticeParams(owner, change, options.detail ?? '') },
    ...(options.dedupeKey ? { dedupeKey: options.dedupeKey } : {}),
  });
}

/**
 * Tells every admin of the organization, the one who made the change too (it may not have been
 * them, but someone holding their session), that a guard was lowered or that contract events now
 * go somewhere new. Queued in the change's transaction.
 */
export async function queueOrganizationSecurityNotice(
  tx: Database,
  actor: Actor,
  change: OrganizationSecurityChange,
  detail = '',
): Promise<void> {
  const admins = await tx
    .select({ name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, actor.organizationId), eq(memberships.role, 'admin')));
  for (const admin of admins) {
    await queueMail(tx, {
      organizationId: actor.organizationId,
      contractId: null,
      kind: 'security_change',
      to: admin,
      params: { ...noticeParams(actor, change, detail), by: `${actor.userName} (${actor.email})` },
    });
  }
}

function noticeParams(
  owner: Pick<Actor, 'ip'>,
  change: string,
  detail: string,
): { change: string; detail: string; at: string; ip: string } {
  return {
    change,
    detail: detail.length > maxDetail ? `${detail.slice(0, maxDetail - 1)}…` : detail,
    at: new Date().toISOString(),
    ip: owner.ip ?? 'unknown',
  };
}
