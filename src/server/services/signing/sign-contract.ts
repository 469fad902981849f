import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SignInput } from '../../../shared/api/signing';
import { consentDisclosure } from '../../../shared/consent';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { SignerContext } from '../../context';
import type { Database } from '../../db/client';
import { contractFields, type SignerRow, signers } from '../../db/schema';
import { sentFieldRows } from '../contract-files/placed-field-rows';
import type { ContentEngine } from '../contracts/content-engine';
import { listSignerFields } from '../custom-fields/list-custom-fields';
import { transition } from '../lifecycle/transition';
import { checkFieldValues, type FilledField } from './check-field-values';
import { assertReady } from './closed-message';
import { findSignerWithContract, signerAuthor } from './find-signer';
import { countSignAttempt } from './sign-attempts';
import { bytesOfDataUrl, signatureBounds } from './signature-image';
import { checkSignerDetails } from './signer-details';
import { numberOfSigner } from './signer-numbers';
import { checkPictureHeader, readSigningPictures, type SigningPicture } from './signing-pictures';
import { currentTurn, signingStateOf } from './signing-state';

export const consentHash = createHash('sha256').update(consentDisclosure.text).digest('hex');

/**
 * Records a signature. Each try is counted first (sign-attempts.ts); everything cheap is checked
 * before anything costly, and what is costly (patterns, pictures) runs in the content thread,
 * before the transaction. What is stored is stored with the contract row locked, so of several
 * signers finishing at the same instant exactly one sees nobody left: that one completes the
 * contract, once, and the completion's consumer seals it. Says whether one signer is left who has
 * opened their link already: their signature, perhaps moments away, would complete the contract.
 */
export async function signContract(
  ctx: SignerContext<'content'>,
  input: SignInput,
): Promise<{ lastSignerHasOpened: boolean }> {
  const { db, signerId, linkId, origin } = ctx;
  if (input.consentVersion !== consentDisclosure.version) {
    throw new AppError('INVALID_INPUT', 'The disclosure has changed: read it again and accept it', 'consent');
  }
  await countSignAttempt(db, signerId);
  const signature = signingPicture(
    input.signature.image,
    'signature',
    'The signature image could not be read',
  );
  const initials = input.initials
    ? signingPicture(input.initials.image, 'initials', 'The initials image could not be read')
    : null;
  checkPictureHeader(signature);
  if (initials) checkPictureHeader(initials);
  // Judged before the transaction: the content thread's work (patterns, pictures) never holds the
  // contract's lock, nor, on the embedded database, its one connection. A sent contract's fields
  // do not change, and the state is checked again under the lock.
  const before = await findSignerWithContract(db, signerId, { link: linkId });
  assertReady(signingStateOf(before));
  const fields = checkSignerDetails(
    await listSignerFields(db, before.contract.organizationId),
    input.fields ?? {},
    before.signer.email,
  );
  const now = clock.now();
  const judged = await judgeFieldsOf(ctx, before.contract.id, before.signers, before.signer, {
    placed: input.placed ?? {},
    initials: initials?.dataUrl ?? null,
    fullName: fields.fullName ?? before.signer.name,
    email: before.signer.email,
    at: now,
    pictures: initials ? [signature, initials] : [signature],
  });
  return db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, signerId, { lock: true, link: linkId });
    assertReady(signingStateOf({ contract, signer, signers: all }));
    const { filled, initialsUsed } = await storeFilledFields(tx, contract.id, judged, now);
    await tx
      .update(signers)
      .set({
        status: 'signed',
        signedAt: now,
        viewedAt: signer.viewedAt ?? now,
        fieldValues: fields,
        signatureKind: input.signature.kind,
        signatureImage: bytesOfDataUrl(signature.dataUrl),
        // Once, for all their initials fields (each says 'initials'): 200 copies were 79 MB.
        initialsImage: initials && initialsUsed ? bytesOfDataUrl(initials.dataUrl) : null,
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

/** A picture of the signature or the initials, bounded and refused as a signature is. */
function signingPicture(dataUrl: string, field: string, message: string): SigningPicture {
  return { dataUrl, bounds: signatureBounds, refusal: new AppError('INVALID_INPUT', message, field) };
}

/** The signer's fields (placed on the PDFs or written in the text) and the values they get. */
type JudgedFields = {
  placed: Awaited<ReturnType<typeof sentFieldRows>>[number]['field'][];
  filled: Awaited<ReturnType<typeof checkFieldValues>>['filled'];
};

/**
 * Fills the signer's fields (check-field-values.ts) and checks every picture (`pictures`, the
 * signature's and initials', with the image fields') in the content thread once the cheap checks
 * passed. Reads only: nothing is locked or stored.
 */
async function judgeFieldsOf(
  { db, content }: { db: Database; content: ContentEngine },
  contractId: string,
  /** In signing order, as findSignerWithContract reads them. */
  all: readonly Pick<SignerRow, 'id'>[],
  signer: Pick<SignerRow, 'id'>,
  input: Parameters<typeof checkFieldValues>[3] & { pictures: SigningPicture[] },
): Promise<JudgedFields> {
  const placed = (await sentFieldRows(db, contractId)).map((row) => row.field);
  if (placed.length === 0 && Object.keys(input.placed).length === 0) {
    await readSigningPictures(content, input.pictures);
    return { placed, filled: [] };
  }
  const { filled, pictures } = await checkFieldValues(content, placed, numberOfSigner(all, signer.id), input);
  await readSigningPictures(content, [...input.pictures, ...pictures]);
  return { placed, filled };
}

/**
 * Stores the judged values; returns them in words for the history ("Company: Acme; Date:
 * 2026-11-27"), and whether an initials field was filled.
 */
async function storeFilledFields(
  tx: Database,
  contractId: string,
  { placed, filled }: JudgedFields,
  at: Date,
): Promise<{ filled: string; initialsUsed: boolean }> {
  // One statement for them all: 200 updates, one per field, took the embedded database a third of
  // a second inside the signature's transaction, with the contract locked.
  if (filled.length > 0) {
    await tx.execute(sql`
      update ${contractFields} as f set filled_value = v.value, filled_at = ${at.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(filled.map(wellFormed))}::jsonb) as v(id uuid, value text)
      where f.id = v.id and f.contract_id = ${contractId}::uuid
    `);
  }
  const byId = new Map(placed.map((field) => [field.id, field]));
  const words = filled
    .map((field) => {
      const row = byId.get(field.id);
      const picture =
        field.value.startsWith('data:') || row?.type === 'signature' || row?.type === 'initials';
      return `${row?.label || row?.type}: ${picture ? '(signed)' : field.value}`;
    })
    .join('; ');
  return { filled: words, initialsUsed: filled.some((field) => byId.get(field.id)?.type === 'initials') };
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
        field.type === 'signature' || field.type === 'initials' || field.filledValue?.startsWith('data:')
          ? '(image)'
          : field.filledValue,
    })),
  );
}
