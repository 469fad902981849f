import type { MailMessage } from '../../../mail/kinds/define-mail';
import { newReviewLink } from '../../reviews/new-review-link';
import { contractFacts, contractFactsWithParams } from './contract-facts';
import { type MailDeps, pageLink } from './mail-deps';

/**
 * A reviewer's invitation to a round gets its review link now, for this very e-mail (a newer one
 * replaces it); none once their review has ended. It names the version sent to them.
 */
export async function reviewInvitationFacts(deps: MailDeps, message: MailMessage<{ reviewerId: string }>) {
  const contract = await contractFacts(deps, message, message.params);
  if (!contract) return null;
  const token = await newReviewLink(deps.db, message.params.reviewerId);
  return token ? { ...contract, reviewLink: pageLink(deps, `/review/${token}`) } : null;
}

/** A reviewer's own messages name the version sent to them. */
export const reviewerFacts = <P extends { reviewerId: string }>(deps: MailDeps, message: MailMessage<P>) =>
  contractFactsWithParams(deps, message, message.params);
