import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { queueMail } from '../../mail/queue-mail';

/** What changed in how the account signs in (the mail words each). */
export type SecurityChange = 'totp-on' | 'totp-off' | 'passkey-added' | 'passkey-removed' | 'recovery-codes';

/**
 * Tells the owner by e-mail that a way of signing in was added or removed, so a change made from a
 * session they did not open does not go unnoticed. Queued in the change's transaction.
 */
export async function queueSecurityNotice(
  tx: Database,
  actor: Actor,
  change: SecurityChange,
  detail = '',
): Promise<void> {
  await queueMail(tx, {
    organizationId: actor.organizationId,
    contractId: null,
    kind: 'security_change',
    to: { name: actor.userName, email: actor.email },
    params: {
      change,
      detail: detail.slice(0, 60),
      at: new Date().toISOString(),
      ip: actor.ip ?? 'unknown',
    },
  });
}
