import type { MailMessage } from '../../../mail/kinds/define-mail';
import { issueEmailCode } from '../../signing/email-code';
import { invitationChecksOf } from '../../signing/invitation-checks';
import { newSigningLink } from '../../signing/new-signing-link';
import { contractFacts } from './contract-facts';
import { type MailDeps, pageLink } from './mail-deps';

/**
 * A signer's invitation or reminder gets a fresh signing link now, for this very e-mail, and says
 * which checks to have ready; a signer who can no longer sign (signed, declined, not their turn)
 * gets none and the message is skipped.
 */
export async function signingFacts(deps: MailDeps, message: MailMessage) {
  const contract = await contractFacts(deps, message);
  if (!contract || !message.signerId) return null;
  const signerChecks = await invitationChecksOf(deps.db, message.signerId);
  const token = await newSigningLink(deps.db, contract.contract, message.signerId);
  if (!token) return null;
  return { ...contract, signerChecks, signingLink: pageLink(deps, `/sign/${token}`) };
}

/**
 * A signer's one-time code, made for this very e-mail (only its hash is stored). None for a
 * signer who no longer needs one or is locked out.
 */
export async function signerCodeFacts(deps: MailDeps, message: MailMessage) {
  const contract = await contractFacts(deps, message);
  if (!contract || !message.signerId) return null;
  const issued = await issueEmailCode(deps.db, message.signerId);
  return issued ? { ...contract, ...issued } : null;
}
