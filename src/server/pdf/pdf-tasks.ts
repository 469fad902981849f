import { createHash } from 'node:crypto';
import type { EditorDocument } from '../../shared/api/editor-document';
import { inDocumentOrder } from '../../shared/document-order';
import { signaturePng } from '../demo/demo-signature';
import { TaskRefusal } from '../workers/task-refusal';
import { refuseSignedActiveContent } from './active-content';
import { joinUploadedPdfs, PdfJoin, pageCount } from './assemble-pdf';
import { DecodeBudgetExceeded, withinDecodeBudget } from './decode-budget';
import { drawFields, type FieldsByPage } from './draw-fields';
import type { DrawnField } from './field-overlay';
import { IncrementalCompletion } from './incremental-completion';
import { CertificateError, readPkcs12, type SealingCertificate } from './pkcs12-certificate';
import { type RedlinePdfInput, renderRedlinePdf } from './redline-document';
import { renderCertificatePdf, renderSignaturePages } from './render-completion-pdf';
import { renderContractPdf } from './render-contract-pdf';
import { sampleContract } from './sample-document';
import { sealDocument } from './seal-pdf';
import { uploadAsSent } from './sent-upload';
import type { TagOnPage } from './tag-text';
import type { TextFieldBox } from './text-field-marks';
import { inspectSeal, type SealInspection } from './verify-pdf';

export type FreezeInput = {
  title: string;
  content: EditorDocument;
  organizationName: string;
  reference: string;
  sentAt: Date;
  /**
   * The uploaded PDFs, in order, and where the drafted text stands among them (left out when it
   * has no content). Without PDFs, the document is the text alone.
   */
  files?: {
    bytes: Uint8Array;
    position: number;
    signatureCount?: number;
    /** The text tags its fields were placed at: their glyphs are taken out of what is sent. */
    tags?: TagOnPage[];
  }[];
  textPosition?: number;
  includeText?: boolean;
};

export type RenderedPdf = { bytes: Uint8Array; sha256: string; pages: number };

/**
 * The document as sent, with how many of its pages the drafted text took and where the signing
 * fields written in the text landed (pages counted from the text's first page).
 */
export type FrozenPdf = RenderedPdf & { textPages: number; textFields: TextFieldBox[] };

export type FinalInput = {
  title: string;
  reference: string;
  organizationName: string;
  sender: { name: string; email: string };
  completedAt: Date;
  frozen: Uint8Array;
  frozenSha256: string;
  /** The version sent for signing (its number and content hash), which the certificate names. */
  signedVersion?: { number: number; contentSha256: string };
  signers: {
    name: string;
    email: string;
    signedAt: Date;
    signatureImage: Uint8Array;
    ip: string | null;
    userAgent: string | null;
    /** The details given on the signing form, listed under the signature on the signature page. */
    fields: { label: string; value: string }[];
    /**
     * The values of the fields placed on the document: drawn where they stand, so the signature
     * page does not repeat them (200 initials would make it pages long); the certificate lists them.
     */
    placed?: { label: string; value: string }[];
    /** How the signer was identified: the e-mailed link, and any access code or e-mailed code. */
    authentication?: string;
  }[];
  events: {
    timestamp: Date;
    action: string;
    actor: string;
    details: string | null;
    ip: string | null;
    userAgent: string | null;
  }[];
  certificate: { p12: Uint8Array; password: string };
  tsaUrl?: string;
  /** Values filled in fields placed on the PDFs, by the page of the frozen document they are on. */
  fields?: (DrawnField & { page: number })[];
  /**
   * The frozen document is one uploaded PDF that carries digital signatures: it is completed by
   * incremental updates, so they stay valid.
   */
  keepSignatures?: boolean;
  /**
   * The frozen document holds uploaded PDFs: it is completed by incremental updates when it can
   * be added to as it is, rather than written whole twice more (up to 500 MB of them).
   */
  uploads?: boolean;
  /**
   * Whether signature pages are appended (the default). Not when every signer signed in a
   * signature field of the document itself: the certificate of completion still follows.
   */
  signaturePages?: boolean;
};

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The document as sent: what every signer reads and signs. */
export async function freezeContract(input: FreezeInput): Promise<FrozenPdf> {
  const files = input.files ?? [];
  if (files.length === 0) {
    const { bytes, fields } = await renderContractPdf(input);
    const pages = await pageCount(bytes);
    return { bytes, sha256: sha256Of(bytes), pages, textPages: pages, textFields: fields };
  }
  const [only] = files;
  if (only && files.length === 1 && input.includeText === false && (only.signatureCount ?? 0) > 0) {
    // Signed by others already: sent exactly as uploaded, so their signatures still cover it.
    // Refused now, not after everyone signed, when it could not be completed without rewriting.
    await IncrementalCompletion.open(only.bytes);
    await refuseSignedActiveContent(only.bytes);
    const pages = await pageCount(only.bytes);
    return { bytes: only.bytes, sha256: sha256Of(only.bytes), pages, textPages: 0, textFields: [] };
  }
  const rendered = input.includeText === false ? null : await renderContractPdf(input);
  const text = rendered?.bytes ?? null;
  const parts: Uint8Array[] = [];
  for (const part of inDocumentOrder(files, input.textPosition ?? 0)) {
    // The uploads lose their own forms (their fields are the contract's) and their text tags'
    // glyphs; the text has neither.
    if (part.kind === 'pdf') parts.push(await uploadAsSent(part.file));
    else if (text) parts.push(text);
  }
  const bytes = await joinUploadedPdfs(parts);
  return {
    bytes,
    sha256: sha256Of(bytes),
    pages: await pageCount(bytes),
    textPages: text ? await pageCount(text) : 0,
    textFields: rendered?.fields ?? [],
  };
}

/**
 * The final PDF: the frozen document with its fields' values drawn, the signature pages (unless
 * every signer signed in place), and the certificate of completion (which states the hash of what
 * comes before it), sealed with a PAdES signature.
 */
export async function finalizeContract(
  input: FinalInput,
  /** Called after each step, for benchmarks that time them. */
  mark: (step: string) => void = () => {},
): Promise<RenderedPdf & { signedSha256: string }> {
  const signaturePages =
    input.signaturePages === false
      ? null
      : await renderSignaturePages({
          title: input.title,
          reference: input.reference,
          signers: input.signers,
        });
  mark('signature pages: render');
  const byPage = new Map<number, DrawnField[]>();
  for (const { page, ...field } of input.fields ?? []) byPage.set(page, [...(byPage.get(page) ?? []), field]);
  const appending = input.keepSignatures
    ? await IncrementalCompletion.open(input.frozen)
    : input.uploads
      ? await IncrementalCompletion.openIfAppendable(input.frozen)
      : null;
  if (appending) return finalizeIncrementally(input, appending, byPage, signaturePages, mark);
  const joined = await PdfJoin.start();
  await joined.append(input.frozen);
  if (byPage.size > 0) {
    await drawFields(joined.document, byPage);
    mark('fields drawn on their pages');
  }
  if (signaturePages) await joined.append(signaturePages);
  const signed = await joined.save();
  const signedSha256 = sha256Of(signed.bytes);
  mark('join frozen + signature pages');
  const certificatePdf = await renderCertificatePdf(certificateInput(input, signedSha256));
  mark('certificate of completion: render');
  await joined.append(certificatePdf);
  mark('join the certificate');
  const certificate = sealingCertificateOf(input.certificate);
  mark('read the sealing certificate');
  // The joined document is sealed as it is in memory: written once, with the seal's placeholder.
  const pages = joined.document.getPageCount();
  const bytes = await sealDocument(joined.document, sealInput(input, certificate));
  mark('write and seal (PAdES)');
  return { bytes: new Uint8Array(bytes), sha256: sha256Of(bytes), pages, signedSha256 };
}

/**
 * The final PDF written after the frozen document's bytes, which stay as they are: the fields, the
 * signature pages, the certificate and the seal are each appended as an incremental update.
 */
async function finalizeIncrementally(
  input: FinalInput,
  completion: IncrementalCompletion,
  fields: FieldsByPage,
  signaturePages: Uint8Array | null,
  mark: (step: string) => void,
): Promise<RenderedPdf & { signedSha256: string }> {
  // A PDF signed by others first keeps every page as its signatures cover it: the values go
  // into its form and annotations. Any other has its own form filled and the rest drawn on it.
  if (input.keepSignatures) await completion.writeFieldsInPlace(fields);
  else await completion.fillAndDrawFields(fields);
  mark('fields drawn on their pages');
  if (signaturePages) await completion.append(signaturePages);
  const signedSha256 = sha256Of(await completion.save());
  mark('append the signature pages');
  await completion.append(await renderCertificatePdf(certificateInput(input, signedSha256)));
  mark('certificate of completion: render and append');
  const bytes = await completion.seal(sealInput(input, sealingCertificateOf(input.certificate)));
  mark('append the seal (PAdES)');
  // Whatever happened, any signatures it carried must still cover its first bytes, unchanged.
  if (Buffer.compare(Buffer.from(bytes.subarray(0, input.frozen.length)), Buffer.from(input.frozen)) !== 0) {
    throw new Error('The document was rewritten instead of added to; signatures it carried would break');
  }
  return { bytes, sha256: sha256Of(bytes), pages: completion.pageCount(), signedSha256 };
}

/** What the certificate of completion states, given the hash of the signed document it follows. */
const certificateInput = (input: FinalInput, signedSha256: string) => ({
  title: input.title,
  reference: input.reference,
  organizationName: input.organizationName,
  senderName: input.sender.name,
  senderEmail: input.sender.email,
  completedAt: input.completedAt,
  frozenSha256: input.frozenSha256,
  signedSha256,
  ...(input.signedVersion ? { signedVersion: input.signedVersion } : {}),
  signerAuthentication: input.signers.map((signer) => ({
    name: signer.name,
    email: signer.email,
    authentication: signer.authentication ?? `link e-mailed to ${signer.email}`,
  })),
  fieldsFilled: input.signers.flatMap((signer) =>
    [...signer.fields, ...(signer.placed ?? [])].map((field) => ({
      ...field,
      signer: `${signer.name} <${signer.email}>`,
      at: signer.signedAt,
    })),
  ),
  events: input.events,
});

const sealInput = (input: FinalInput, certificate: SealingCertificate) => ({
  certificate,
  reason: `Completed and sealed by Pactum for ${input.organizationName}`,
  name: input.organizationName,
  signingTime: input.completedAt,
  ...(input.tsaUrl ? { tsaUrl: input.tsaUrl } : {}),
});

// Decrypting a PKCS#12 file takes node-forge tens of milliseconds: each certificate is read once
// per thread, and the same object is passed on so its decrypted key is reused too.
const certificates = new Map<string, SealingCertificate>();
function sealingCertificateOf(input: { p12: Uint8Array; password: string }): SealingCertificate {
  const key = `${sha256Of(input.p12)}:${sha256Of(Buffer.from(input.password))}`;
  let certificate = certificates.get(key);
  if (!certificate) {
    certificate = readPkcs12(Buffer.from(input.p12), input.password);
    certificates.set(key, certificate);
  }
  return certificate;
}

export type CertificateDetails = Pick<
  SealingCertificate,
  'subject' | 'issuer' | 'notBefore' | 'notAfter' | 'fingerprintSha256'
>;
export type CertificateReading =
  | {
      ok: true;
      details: CertificateDetails /** The certificate alone (public), PEM. */;
      certificatePem: string;
    }
  | { ok: false; message: string };

/**
 * Opens an uploaded PKCS#12 file and says what it holds, or why it cannot be used (the message is
 * for the user). Decrypting it is seconds of CPU at worst, hence a task of the engine.
 */
export async function readCertificate(input: {
  p12: Uint8Array;
  password: string;
}): Promise<CertificateReading> {
  try {
    const { subject, issuer, notBefore, notAfter, fingerprintSha256, certificatePem } = readPkcs12(
      Buffer.from(input.p12),
      input.password,
    );
    return { ok: true, details: { subject, issuer, notBefore, notAfter, fingerprintSha256 }, certificatePem };
  } catch (error) {
    if (error instanceof CertificateError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The SHA-256 of a PDF someone wants verified, and what its seal says: linear work, but up to 25 MB of it. */
export async function inspectDocument(pdf: Uint8Array): Promise<{ sha256: string; seal: SealInspection }> {
  return { sha256: sha256Of(pdf), seal: inspectSeal(pdf) };
}

/** Two versions compared, as a PDF to download (nothing is stored). */
export async function renderRedline(input: RedlinePdfInput): Promise<Uint8Array> {
  return renderRedlinePdf(input);
}

let warm = false;

/**
 * Readies this thread for a completion, once in its life: the first completion in a new thread
 * paid about a second more on this 2-core machine (its code compiled, the fonts read and parsed),
 * so the signing page asks for this when a contract's last signer opens it (routes/signing.ts),
 * minutes before the seal. Completes a one-page sample both ways a contract is completed:
 * rewritten (drafted text) and added to (uploaded PDFs). Nothing is kept but what was warmed.
 */
export async function warmUp(certificate: { p12: Uint8Array; password: string }): Promise<void> {
  if (warm) return;
  warm = true;
  const at = new Date(0);
  const frozen = await freezeContract({
    title: 'Warm-up',
    content: sampleContract(1),
    organizationName: 'Pactum',
    reference: 'warm-up',
    sentAt: at,
  });
  const image = new Uint8Array(signaturePng());
  const input: FinalInput = {
    title: 'Warm-up',
    reference: 'warm-up',
    organizationName: 'Pactum',
    sender: { name: 'Pactum', email: 'warm-up@pactum.invalid' },
    completedAt: at,
    frozen: frozen.bytes,
    frozenSha256: frozen.sha256,
    signers: [
      {
        name: 'Ελένη Łódź',
        email: 'signer@pactum.invalid',
        signedAt: at,
        signatureImage: image,
        ip: null,
        userAgent: null,
        fields: [],
      },
    ],
    events: [
      { timestamp: at, action: 'completed', actor: 'Pactum', details: null, ip: null, userAgent: null },
    ],
    certificate,
    fields: [
      { page: 0, x: 0.1, y: 0.8, width: 0.3, height: 0.05, value: { kind: 'image', image, format: 'png' } },
      {
        page: 0,
        x: 0.5,
        y: 0.8,
        width: 0.3,
        height: 0.03,
        value: { kind: 'text', text: 'Łódź', multiline: false },
      },
    ],
  };
  await finalizeContract(input);
  await finalizeContract({ ...input, uploads: true });
}

/**
 * A task that parses users' PDFs, within one decode budget (decode-budget.ts): an upload that
 * expands past it (one stored before uploads were held to it) fails its own send or seal at once,
 * with the reason, instead of holding this thread, which every organization shares.
 */
async function withinBudget<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withinDecodeBudget(work);
  } catch (error) {
    if (!(error instanceof DecodeBudgetExceeded)) throw error;
    throw new TaskRefusal(
      `${error.message} Remove that PDF from the contract, or print it to a new PDF and upload that instead.`,
    );
  }
}

export const pdfTasks = {
  freezeContract: (input: FreezeInput) => withinBudget(() => freezeContract(input)),
  finalizeContract: (input: FinalInput) => withinBudget(() => finalizeContract(input)),
  readCertificate,
  inspectDocument,
  renderRedline,
  warmUp,
};
export type PdfTasks = typeof pdfTasks;
