import { and, asc, desc, eq } from 'drizzle-orm';
import type { ContractSigning } from '../../../shared/api/signing';
import type { DocumentKind } from '../../../shared/enums';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { contracts, documents, mailMessages, signers } from '../../db/schema';
import { ownContracts } from '../../policies/scope';
import { presentContractSigning } from '../../presenters/signing';
import { maxAuthFailures } from '../signing/signer-authentication';

/** A sent contract's documents, seal state, signer timeline and mail, for its page. */
export async function getContractSigning(ctx: ServiceContext, id: string): Promise<ContractSigning> {
  const { db, actor } = ctx;
  // Only the few columns shown here: the document itself can be megabytes.
  const [contract] = await db
    .select({
      sequential: contracts.sequential,
      sentAt: contracts.sentAt,
      completedAt: contracts.completedAt,
      sealedAt: contracts.sealedAt,
      sealError: contracts.sealError,
    })
    .from(contracts)
    .where(and(eq(contracts.id, id), ownContracts(actor), eq(contracts.isTemplate, false)));
  if (!contract) throw new AppError('NOT_FOUND', 'Contract not found');
  const docs = await db
    .select({
      kind: documents.kind,
      sha256: documents.sha256,
      pages: documents.pages,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(eq(documents.contractId, id));
  const documentOf = (kind: DocumentKind) => docs.find((candidate) => candidate.kind === kind);
  const signerRows = await db
    .select({
      id: signers.id,
      invitedAt: signers.invitedAt,
      lastRemindedAt: signers.lastRemindedAt,
      declineReason: signers.declineReason,
      authFailures: signers.authFailures,
    })
    .from(signers)
    .where(eq(signers.contractId, id))
    .orderBy(asc(signers.position), asc(signers.createdAt));
  const mail = await db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.contractId, id))
    .orderBy(desc(mailMessages.createdAt))
    .limit(200);
  return presentContractSigning({
    contract,
    documents: { frozen: documentOf('frozen'), final: documentOf('final') },
    signers: signerRows.map(({ authFailures, ...row }) => ({
      ...row,
      authLocked: authFailures >= maxAuthFailures,
    })),
    mail,
  });
}
