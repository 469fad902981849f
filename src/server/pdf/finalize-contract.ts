import type { RecipientRecord } from '../../shared/recipients/record';
import { AppendingWriter } from './appending-writer';
import { type CompletedPdf, completionRecipe } from './completion-recipe';
import type { CompletionWriter } from './completion-writer';
import type { FieldsByPage } from './draw-fields';
import type { DrawnField } from './field-overlay';
import type { SealingCertificate } from './pkcs12-certificate';
import { renderCertificatePdf, renderSignaturePages, type SignerRecord } from './render-completion-pdf';
import { RewritingWriter } from './rewriting-writer';
import { sealingCertificateOf } from './sealing-key';

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
  /** Each signer as the signature pages show them, with what only the seal and certificate use. */
  signers: (SignerRecord & {
    /**
     * The values of the fields placed on the document: drawn where they stand, so the signature
     * page does not repeat them (200 initials would make it pages long); the certificate lists them.
     */
    placed?: { label: string; value: string }[];
    /** How the signer was identified: the e-mailed link, and any access code or e-mailed code. */
    authentication?: string;
  })[];
  /**
   * Every recipient, signers or not, with their role, group, part and when, delegations and
   * corrections: the certificate's "Recipients" section.
   */
  recipients?: RecipientRecord[];
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
   * Whether signature pages are appended (the default). Not when every signer signed in a
   * signature field of the document itself: the certificate of completion still follows.
   */
  signaturePages?: boolean;
};

/**
 * The final PDF: the frozen document with its fields' values drawn, the signature pages (unless
 * every signer signed in place), and the certificate of completion (which states the hash of what
 * comes before it), sealed with a PAdES signature (completion-recipe.ts).
 */
export async function finalizeContract(
  input: FinalInput,
  /** Called after each step, for benchmarks that time them. */
  mark: (step: string) => void = () => {},
): Promise<CompletedPdf> {
  const writer = await writerFor(input);
  mark('open the frozen document');
  const signaturePages =
    input.signaturePages === false
      ? null
      : () =>
          renderSignaturePages({ title: input.title, reference: input.reference, signers: input.signers });
  return completionRecipe(
    writer,
    {
      fields: fieldsByPage(input.fields ?? []),
      signaturePages,
      certificate: (signedSha256) => renderCertificatePdf(certificateInput(input, signedSha256)),
      seal: () => sealInput(input, sealingCertificateOf(input.certificate)),
    },
    mark,
  );
}

/**
 * The writer of a completion: added to after the frozen bytes whenever they can be (refused when
 * they carry signatures and cannot be), otherwise written whole. Appending reads only the objects
 * it needs: a frozen contract typeset by Typst holds thousands (its tagged structure), which
 * pdf-lib's rewrite parsed all of (a quarter of a second for 100 pages, against 12 to 47 ms).
 */
async function writerFor(input: FinalInput): Promise<CompletionWriter> {
  if (input.keepSignatures) return AppendingWriter.open(input.frozen);
  return (await AppendingWriter.openIfAppendable(input.frozen)) ?? RewritingWriter.open(input.frozen);
}

function fieldsByPage(fields: (DrawnField & { page: number })[]): FieldsByPage {
  const byPage: FieldsByPage = new Map();
  for (const { page, ...field } of fields) byPage.set(page, [...(byPage.get(page) ?? []), field]);
  return byPage;
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
  ...(input.recipients ? { recipients: input.recipients } : {}),
  events: input.events,
});

const sealInput = (input: FinalInput, certificate: SealingCertificate) => ({
  certificate,
  reason: `Completed and sealed by Pactum for ${input.organizationName}`,
  name: input.organizationName,
  signingTime: input.completedAt,
  ...(input.tsaUrl ? { tsaUrl: input.tsaUrl } : {}),
});
