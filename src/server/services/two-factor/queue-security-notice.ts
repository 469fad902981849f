import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { queueMail } from '../../mail/queue-mail';

/** What changed in how the account signs in, or what was tried against it (the mail words each). */
export type SecurityChange =
  | 'totp-on'
  | 'totp-off'
  | 'passkey-added'
  | 'passkey-removed'
  | 'recovery-codes'
  /** Wrong second-factor codes were entered after the right password. */
  | 'wrong-codes'
  /** The password was reset; the detail says what became of the account's API tokens. */
  | 'password-reset';

/** Whom the notice goes to, and from where the change came. */
export type SecurityNoticeOwner = Pick<Actor, 'organizationId' | 'userName' | 'email' | 'ip'>;

/**
 * Tells the owner by e-mail that a way of signing in was added or removed (or that someone who
 * has the password is trying codes, or that the password was reset), so a change made from a
 * session they did not open does not go unnoticed. Queued in the change's transaction; a dedupe
 * key makes it once-only.
 */
export async function queueSecurityNotice(
  tx: Database,
  owner: SecurityNoticeOwner,
  change: SecurityChange,
  options: { detail?: string; dedupeKey?: string } = {},
): Promise<void> {
  await queueMail(tx, {
    organizationId: owner.organizationId,
    contractId: null,
    kind: 'security_change',
    to: { name: owner.userName, email: owner.email },
    params: {
      change,
      detail: (options.detail ?? '').slice(0, 60),
      at: new Date().toISOString(),
      ip: owner.ip ?? 'unknown',
    },
    ...(options.dedupeKey ? { dedupeKey: options.dedupeKey } : {}),
  });
}
