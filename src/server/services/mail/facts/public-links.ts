import { eq } from 'drizzle-orm';
import { contracts, publicLinkCodes, publicLinks } from '../../../db/schema';
import type { MailReadParams } from '../../../mail/kinds';
import type { MailMessage } from '../../../mail/kinds/define-mail';
import { issueVisitorCode } from '../../public-links/visitor-code';
import type { MailDeps } from './mail-deps';
import { organizationNameOf } from './organization-name';

/** A visitor's code, made now for this e-mail; none once their address was confirmed or too many codes were wrong. */
export async function publicLinkCodeFacts(
  deps: MailDeps,
  message: MailMessage<MailReadParams<'public_link_code'>>,
) {
  const organizationName = await organizationNameOf(deps.db, message.organizationId);
  if (organizationName === null) return null;
  const [row] = await deps.db
    .select({ email: publicLinkCodes.visitorEmail, templateTitle: contracts.title })
    .from(publicLinkCodes)
    .innerJoin(publicLinks, eq(publicLinks.id, publicLinkCodes.linkId))
    .innerJoin(contracts, eq(contracts.id, publicLinks.templateId))
    .where(eq(publicLinkCodes.id, message.params.codeId));
  if (row?.email !== message.toEmail) return null;
  const issued = await issueVisitorCode(deps.db, message.params.codeId);
  if (!issued) return null;
  return { organizationName, recipientName: message.toName, templateTitle: row.templateTitle, ...issued };
}
