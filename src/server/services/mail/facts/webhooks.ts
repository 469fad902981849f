import { settingsSectionPath } from '../../../../shared/settings-sections';
import type { MailMessage } from '../../../mail/kinds/define-mail';
import { type MailDeps, pageLink } from './mail-deps';
import { organizationNameOf } from './organization-name';

/** A webhook endpoint turned off: its URL and the reason were kept when it happened. */
export async function webhookDisabledFacts(
  deps: MailDeps,
  message: MailMessage<{ url: string; reason: string }>,
) {
  const organizationName = await organizationNameOf(deps.db, message.organizationId);
  if (organizationName === null) return null;
  return {
    organizationName,
    recipientName: message.toName,
    link: pageLink(deps, settingsSectionPath('webhooks')),
    ...message.params,
  };
}
