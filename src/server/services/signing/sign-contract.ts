import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SignInput } from '../../../shared/api/signing';
import { consentDisclosure } from '../../../shared/consent';
import { AppError } from '../../../shared/errors';
import type { SignerContext } from '../../context';
import type { Database } from '../../db/client';
import { contractFields, type SignerRow, signers } from '../../db/schema';
import { sentFieldRows } from '../contract-files/placed-field-rows';
import { listSignerFields } from '../custom-fields/list-custom-fields';
import { transition } from '../lifecycle/transition';
import { assertReady } from './closed-message';
import { type FilledField, fillPlacedFields } from './fill-placed-fields';
import { findSignerWithContract, signerAuthor } from './find-signer';
import { decodeSignatureImage } from './signature-image';
import { checkSignerFields } from './signer-fields';
import { numberOfSigner } from './signer-numbers';
import { currentTurn, signingStateOf } from './signing-state';

export const consentHash = createHash('sha256').update(consentDisclosure.text).digest('hex');

/**
 * Records a signature. Everything runs with the contract row locked, so of several signers
 * finishing at the same instant exactly one sees nobody left: that one completes the contract,
 * once, and the completion's consumer seals it. Says whether one signer is left who has opened
 * their link already: their signature, perhaps moments away, would complete the contract.
 */
export async function signContract(
  ctx: SignerContext,
  input: SignInput,
): Promise<{ lastSignerHasOpened: boolean }> {
  const { db, signerId, linkId, origin } = ctx;
  if (input.consentVersion !== consentDisclosure.version) {
    throw new AppError('INVALID_INPUT', 'The disclosure has changed: read it again and accept it', 'consent');
  }
  const image = decodeSignatureImage(input.signature.image);
  return db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, signerId, { lock: true, link: linkId });
    assertReady(signingStateOf({ contract, signer, signers: all }));
    const fields = checkSignerFields(
      await listSignerFields(tx, contract.organizationId),
      input.fields ?? {},
      signer.email,
    );
    const now = new Date();
    const filled = await fillFieldsOf(tx, contract.id, all, signer, {
      placed: input.placed ?? {},
      initials: input.initials?.image ?? null,
      fullName: fields.fullName ?? signer.name,
      email: signer.email,
      at: now,
    });
    await tx
      .update(signers)
      .set({
        status: 'signed',
        signedAt: now,
        viewedAt: signer.viewedAt ?? now,
        fieldValues: fields,
        signatureKind: input.signature.kind,
        signatureImage: image,
        consentVersion: consentDisclosure.version,
        consentHash,
        signedIp: origin.ip,
        signedUserAgent: origin.userAgent,
      })
      .where(eq(signers.id, signer.id));
    const author = signerAuthor(signer, origin);
    const who = { signerId: signer.id, signerName: signer.name, signerEmail: signer.email };
    const left = all.filter((other) => other.id !== signer.id && other.status !== 'signed');
    // In order, the next signer is invited as this one signs (the invitation is the event's).
    const next = contract.sequential && left.length > 0 ? currentTurn(left) : undefined;
    if (next) await tx.update(signers).set({ invitedAt: now }).where(eq(signers.id, next.id));
    await transition(tx, {
      contract,
      step: 'contract.signed',
      facts: {
        ...who,
        nextSignerId: next?.id ?? null,
        fullName: fields.fullName ?? signer.name,
        signatureKind: input.signature.kind,
        consentVersion: consentDisclosure.version,
        consentHash,
        filled,
      },
      author,
      at: now,
    });
    if (left.length > 0) return { lastSignerHasOpened: left.length === 1 && left[0]?.viewedAt != null };
    // The last signature: the contract is complete, and its completion queues the seal.
    await transition(tx, {
      contract,
      step: 'contract.completed',
      set: { completedAt: now },
      facts: { ...who, signerCount: all.length, fieldValues: await fieldValuesJson(tx, contract.id) },
      author,
      at: now,
    });
    return { lastSignerHasOpened: false };
  });
}

/**
 * Fills the signer's fields, placed on the PDFs or written in the text (fill-placed-fields.ts), and stores the values;
 * returns them in words for the history ("Company: Acme; Date: 2026-11-27").
 */
async function fillFieldsOf(
  tx: Database,
  contractId: string,
  /** In signing order, as findSignerWithContract reads them. */
  all: readonly Pick<SignerRow, 'id'>[],
  signer: Pick<SignerRow, 'id'>,
  input: Parameters<typeof fillPlacedFields>[2],
): Promise<string> {
  const placed = (await sentFieldRows(tx, contractId)).map((row) => row.field);
  if (placed.length === 0 && Object.keys(input.placed).length === 0) return '';
  if (input.initials) decodeSignatureImage(input.initials);
  const number = numberOfSigner(all, signer.id);
  const filled = await fillPlacedFields(placed, number, input);
  // One statement for them all: 200 updates, one per field, took the embedded database a third of
  // a second inside the signature's transaction, with the contract locked.
  if (filled.length > 0) {
    await tx.execute(sql`
      update ${contractFields} as f set filled_value = v.value, filled_at = ${input.at.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(filled.map(wellFormed))}::jsonb) as v(id uuid, value text)
      where f.id = v.id and f.contract_id = ${contractId}::uuid
    `);
  }
  const byId = new Map(placed.map((field) => [field.id, field]));
  return filled
    .map((field) => {
      const row = byId.get(field.id);
      const shown = field.value.startsWith('data:') || row?.type === 'signature' ? '(signed)' : field.value;
      return `${row?.label || row?.type}: ${shown}`;
    })
    .join('; ');
}

/**
 * A value with its lone surrogates made U+FFFD, as a text parameter stores them: jsonb refuses
 * them outright ("\ud800" written by JSON.stringify).
 */
const wellFormed = (field: FilledField): FilledField => ({
  id: field.id,
  value: Buffer.from(field.value, 'utf8').toString('utf8'),
});

/** What the completion event carries of the fields filled (webhooks read it). */
async function fieldValuesJson(tx: Database, contractId: string): Promise<string> {
  const fields = await sentFieldRows(tx, contractId, { filled: true });
  return JSON.stringify(
    fields.map(({ field, page, fileName }) => ({
      label: field.label,
      type: field.type,
      signer: field.signer,
      // A PDF's fields by their page in it; the text's by their page in the document as sent.
      document: fileName,
      page: fileName === null ? page + 1 : field.page + 1,
      value:
        field.type === 'signature' || field.filledValue?.startsWith('data:') ? '(image)' : field.filledValue,
    })),
  );
}
