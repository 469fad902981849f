import type { MailReadParams } from '../../../mail/kinds';
import type { MailMessage } from '../../../mail/kinds/define-mail';
import { securityChangePage } from '../../../mail/kinds/security-change';
import { type MailDeps, pageLink } from './mail-deps';
import { organizationNameOf } from './organization-name';

/**
 * A way of signing in added or removed, wrong codes tried, a password reset, a token made, a guard
 * of the organization lowered: the facts were kept when it happened.
 */
export async function securityChangeFacts(
  deps: MailDeps,
  message: MailMessage<MailReadParams<'security_change'>>,
) {
  const organizationName = await organizationNameOf(deps.db, message.organizationId);
  if (organizationName === null) return null;
  const { change, detail, at, ip, by, scope, expiresAt } = message.params;
  return {
    organizationName,
    recipientName: message.toName,
    link: pageLink(deps, securityChangePage(change, detail)),
    securityChange: {
      change,
      detail,
      at: new Date(at),
      ip,
      ...(by ? { by } : {}),
      ...(scope ? { scope } : {}),
      ...(expiresAt === undefined ? {} : { expiresAt: expiresAt ? new Date(expiresAt) : null }),
    },
  };
}
