import { and, asc, eq, isNull } from 'drizzle-orm';
import { signingFieldsInText } from '../../../editor/signing-field-values';
import { accessCodeToSetRefusal, type SendContractInput } from '../../../shared/api/contracts';
import { AppError } from '../../../shared/errors';
import { contractLimits, formatCount } from '../../../shared/limits';
import { isRolePlaceholder } from '../../../shared/recipients';
import { canTransition } from '../../../shared/statuses';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { contractFields, contractFiles, documents, organizations, reviewers, signers } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { checkApproved } from '../approvals/check-approved';
import {
  checkPlacedFieldsAssigned,
  checkTextFieldsAssigned,
  firstPages,
} from '../contract-files/signed-documents';
import { textFieldRows } from '../contract-files/text-field-rows';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { consumeOutgoingMail } from '../rate-limits/outgoing-mail-limits';
import { inviteReached } from '../signing/advance-route';
import { recordVersion } from '../versions/record-version';
import { checkMergeFieldsFilled } from './check-merge-fields';
import { checkRoute, describeRoute } from './check-route';
import { freezeDraft } from './freeze-draft';

const dayMs = 24 * 60 * 60 * 1000;

function checkSendable(
  contract: { status: Parameters<typeof canTransition>[0]; title: string },
  people: { name: string; email: string | null; position: number; accessCodeToSet: boolean }[],
) {
  if (!canTransition(contract.status, 'sent')) {
    throw new AppError(
      'CONTRACT_NOT_SENDABLE',
      `This contract is ${contract.status}; only a draft can be sent`,
    );
  }
  if (contract.title.trim() === '')
    throw new AppError('INVALID_INPUT', 'Add a title before sending', 'title');
  if (people.length === 0)
    throw new AppError('INVALID_INPUT', 'Add at least one signer before sending', 'signers');
  const role = people.find((signer) => isRolePlaceholder(signer.email));
  if (role) {
    throw new AppError(
      'INVALID_INPUT',
      `Add the person for the template's role "${role.name}" (recipient ${role.position}), or remove the role, before sending`,
      `signers.${role.position - 1}.email`,
    );
  }
  const waiting = people.find((signer) => signer.accessCodeToSet);
  if (waiting) throw new AppError('INVALID_INPUT', accessCodeToSetRefusal(waiting.name), 'signers');
}

/**
 * Sends a draft for signing. The content is frozen to a PDF first (in the PDF worker, outside
 * the transaction); then, in one transaction, the PDF and its hash are stored, the contract is
 * marked sent and the invitations are queued: all of it happens, or none.
 */
export async function sendContract(
  ctx: ServiceContext<'pdf' | 'files'>,
  id: string,
  input: SendContractInput,
): Promise<void> {
  const { db, actor } = ctx;
  const draft = await findOwnContract(db, actor, id, { kind: 'contract' });
  const draftSigners = await db
    .select({
      id: signers.id,
      name: signers.name,
      email: signers.email,
      accessCodeToSet: signers.accessCodeToSet,
      role: signers.role,
      signingOrder: signers.signingOrder,
      position: signers.position,
      namedBy: signers.namedBy,
    })
    .from(signers)
    .where(eq(signers.contractId, id));
  checkSendable(draft, draftSigners);
  checkMergeFieldsFilled(draft.content);
  // Refused before the PDF is made, and checked again below with the row locked.
  await checkApproved(db, draft);
  const pdfFieldCount = await checkPlacedFieldsAssigned(db, id, draftSigners.length);
  const textFields = signingFieldsInText(draft.content);
  checkTextFieldsAssigned(textFields, draftSigners.length, pdfFieldCount);
  await checkRoute(
    db,
    id,
    draftSigners,
    input.sequential,
    textFields.map((field) => field.signer),
  );
  const sentAt = clock.now();
  const { frozen, files, includeText } = await freezeDraft(ctx, draft, { reference: draft.id, sentAt });
  if (frozen.textPages > contractLimits.pages) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `This contract would print on ${formatCount(frozen.pages)} pages; at most ${formatCount(contractLimits.pages)} can be sent for signing. Split it into several contracts.`,
      'content',
    );
  }

  await ctx.files.write(frozen.bytes, frozen.sha256);
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, id, {
      kind: 'contract',
      forUpdate: true,
      content: false,
    });
    const list = await tx
      .select()
      .from(signers)
      .where(eq(signers.contractId, id))
      .orderBy(asc(signers.position), asc(signers.createdAt));
    checkSendable(contract, list);
    await checkApproved(tx, contract);
    // Every recipient is mailed: at once, or each group in turn.
    await consumeOutgoingMail(tx, actor.organizationId, 'signingRecipients', list.length, sentAt);
    if (contract.updatedAt.getTime() !== draft.updatedAt.getTime()) {
      throw new AppError('ID_CONFLICT', 'The contract changed while it was being sent. Send it again.');
    }
    const [organization] = await tx
      .select({ expiryDays: organizations.signingExpiryDays })
      .from(organizations)
      .where(eq(organizations.id, actor.organizationId));
    const expiresAt =
      contract.expiresAt ??
      (organization?.expiryDays ? new Date(sentAt.getTime() + organization.expiryDays * dayMs) : null);
    if (expiresAt && expiresAt <= sentAt) {
      throw new AppError('INVALID_INPUT', 'The expiry date has passed; pick a later one', 'expiresAt');
    }
    await tx.insert(documents).values({
      contractId: id,
      kind: 'frozen',
      sha256: frozen.sha256,
      pages: frozen.pages,
      bytes: null,
      byteSize: frozen.bytes.byteLength,
      createdAt: sentAt,
    });
    // Where each PDF's pages are in what is signed: its fields are drawn there at the seal.
    const starts = firstPages(
      files,
      includeText ? { position: draft.textPosition, pages: frozen.textPages } : null,
    );
    for (const [fileId, firstPage] of starts.files) {
      await tx.update(contractFiles).set({ firstPage }).where(eq(contractFiles.id, fileId));
    }
    // The fields written in the text, placed where the PDF printed them.
    if (frozen.textFields.length > 0) {
      await tx
        .insert(contractFields)
        .values(textFieldRows(id, textFields, frozen.textFields, starts.text ?? 0, sentAt));
    }
    // At once, everyone is invited now; in order, the first group (and its CCs), the next when
    // the one before is done (signing/advance-route.ts).
    await inviteReached(tx, { id, sequential: input.sequential }, sentAt);
    // What is signed is a version of its own, which the history (and so the certificate) names.
    const version = await recordVersion(tx, {
      contractId: id,
      kind: 'sent',
      author: { id: actor.userId, name: authorOf(actor).userName },
      at: sentAt,
    });
    // The review is over: reviewers' links stop working.
    await tx
      .update(reviewers)
      .set({ closedAt: sentAt })
      .where(and(eq(reviewers.contractId, id), isNull(reviewers.closedAt)));
    await transition(tx, {
      contract,
      step: 'contract.sent',
      set: { sentAt, expiresAt, sequential: input.sequential },
      facts: {
        frozenSha256: frozen.sha256,
        version: String(version.number),
        contentSha256: version.contentHash,
        signerCount: list.length,
        sequential: input.sequential,
        route: describeRoute(list, input.sequential),
      },
      author: authorOf(actor),
      at: sentAt,
    });
  });
}
