import { eq } from 'drizzle-orm';
import { type ContractHead, contractHeadColumns, contracts } from '../../db/schema';
import { sentTitle } from '../../services/reviews/find-reviewer';
import type { MailFrame } from '../mail-layout';
import { type MailDeps, type MailMessage, pageLink } from './define-mail';
import { organizationNameOf } from './organization-name';

/** What every mail about a contract says: whose it is, its title, its sender and its page. */
export type ContractFacts = MailFrame & {
  contractTitle: string;
  senderName: string;
  /** The contract's page, the action of messages to the sender. */
  link: string;
  contract: ContractHead;
};

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
