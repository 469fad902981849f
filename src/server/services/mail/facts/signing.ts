import { and, eq, ne } from 'drizzle-orm';
import { roleOf } from '../../../../shared/recipients';
import type { Database } from '../../../db/client';
import { signers } from '../../../db/schema';
import type { MailMessage } from '../../../mail/kinds/define-mail';
import type { RecipientPart } from '../../../mail/kinds/signing';
import { issueEmailCode } from '../../signing/email-code';
import { invitationChecksOf } from '../../signing/invitation-checks';
import { newSigningLink } from '../../signing/new-signing-link';
import { signerNumbered } from '../../signing/signer-numbers';
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
  const part = await recipientPartOf(deps.db, contract.contract.id, message.signerId);
  if (!part) return null;
  return { ...contract, signerChecks, part, signingLink: pageLink(deps, `/sign/${token}`) };
}

/** A recipient's role, a witness's signer by name, and who handed a delegate their turn. */
async function recipientPartOf(
  db: Database,
  contractId: string,
  signerId: string,
): Promise<RecipientPart | null> {
  const all = await db
    .select({
      id: signers.id,
      role: signers.role,
      position: signers.position,
      status: signers.status,
      name: signers.name,
      witnessOf: signers.witnessOf,
      delegatedFrom: signers.delegatedFrom,
      delegationReason: signers.delegationReason,
    })
    .from(signers)
    .where(eq(signers.contractId, contractId));
  const signer = all.find((row) => row.id === signerId);
  if (!signer) return null;
  const witnessed = signer.role === 'witness' ? signerNumbered(all, signer.witnessOf) : undefined;
  const from = signer.delegatedFrom ? all.find((row) => row.id === signer.delegatedFrom) : undefined;
  return {
    role: signer.role,
    witnessOf: witnessed?.name ?? null,
    handedOnBy: from ? { name: from.name, reason: from.delegationReason ?? '' } : null,
  };
}

/** A CC's notice names who the contract went to (names only), and nothing they could act with. */
export async function ccNoticeFacts(deps: MailDeps, message: MailMessage) {
  const contract = await contractFacts(deps, message);
  if (!contract) return null;
  const acting = await deps.db
    .select({ name: signers.name, role: signers.role })
    .from(signers)
    .where(
      and(
        eq(signers.contractId, contract.contract.id),
        ne(signers.role, 'cc'),
        ne(signers.status, 'delegated'),
      ),
    );
  const named = acting.filter((row) => row.name !== '');
  return {
    ...contract,
    recipients:
      named.map((row) => `${row.name} (${roleOf(row.role).label.toLowerCase()})`).join(', ') ||
      'its recipients',
  };
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
