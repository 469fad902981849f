import { eq } from 'drizzle-orm';
import { contractHeadColumns, contracts } from '../../../db/schema';
import type { ContractFacts } from '../../../mail/kinds/contract-facts';
import type { MailMessage } from '../../../mail/kinds/define-mail';
import { sentTitle } from '../../reviews/find-reviewer';
import { type MailDeps, pageLink } from './mail-deps';
import { organizationNameOf } from './organization-name';

/**
 * The contract a message is about, read when it is delivered; null when it or its organization
 * is gone. A message to a reviewer names the version sent to them (`reviewerId`): the draft's
 * title may be an edit the team has not sent, and a reviewer who is gone gets nothing.
 */
export async function contractFacts(
  deps: MailDeps,
  message: MailMessage,
  options: { reviewerId?: string } = {},
): Promise<ContractFacts | null> {
  const organizationName = await organizationNameOf(deps.db, message.organizationId);
  if (organizationName === null || !message.contractId) return null;
  const [contract] = await deps.db
    .select(contractHeadColumns)
    .from(contracts)
    .where(eq(contracts.id, message.contractId));
  if (!contract) return null;
  const title = options.reviewerId ? await sentTitle(deps.db, options.reviewerId) : contract.title;
  if (title === null) return null;
  return {
    organizationName,
    recipientName: message.toName,
    contractTitle: title,
    senderName: contract.createdByName,
    link: pageLink(deps, `/contracts/${contract.id}`),
    contract,
  };
}

/** A contract's facts and the params kept with its message, as most kinds about a contract say. */
export async function contractFactsWithParams<P extends object>(
  deps: MailDeps,
  message: MailMessage<P>,
  options: { reviewerId?: string } = {},
): Promise<(ContractFacts & P) | null> {
  const contract = await contractFacts(deps, message, options);
  return contract && { ...contract, ...message.params };
}
