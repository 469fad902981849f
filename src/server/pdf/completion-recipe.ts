import type { CompletionWriter } from './completion-writer';
import type { FieldsByPage } from './draw-fields';
import { GrowingHash, type RenderedPdf } from './rendered-pdf';
import type { SealInput } from './seal-pdf';

/** What a completion adds to the frozen document, each part made when the recipe reaches it. */
export type CompletionParts = {
  /** Values filled in fields placed on the document, by page. */
  fields: FieldsByPage;
  /** The signature pages; null when every signer signed in a signature field of the document. */
  signaturePages: (() => Promise<Uint8Array>) | null;
  /** The certificate of completion, which states the hash of the signed document it follows. */
  certificate: (signedSha256: string) => Promise<Uint8Array>;
  seal: () => SealInput;
};

/** A sealed PDF, with the hash of what it held before the certificate of completion. */
export type CompletedPdf = RenderedPdf & { signedSha256: string };

/**
 * The completion of a contract, in one order whichever writer writes it (completion-writer.ts):
 * the fields' values on their pages, the signature pages after them, the hash of that signed
 * document, the certificate of completion stating it, and the seal over all of it.
 */
export async function completionRecipe(
  writer: CompletionWriter,
  parts: CompletionParts,
  /** Called after each step, for benchmarks that time them. */
  mark: (step: string) => void,
): Promise<CompletedPdf> {
  // The signed document begins with the frozen one's bytes when the writer appends, and the
  // sealed one with the signed one's: each is hashed once.
  const hash = new GrowingHash();
  if (parts.fields.size > 0) {
    await writer.drawFields(parts.fields);
    mark('fields drawn on their pages');
  }
  if (parts.signaturePages) {
    const pages = await parts.signaturePages();
    mark('signature pages: render');
    await writer.append(pages);
  }
  const signedSha256 = hash.of(await writer.save());
  mark('add the signature pages');
  const certificate = await parts.certificate(signedSha256);
  mark('certificate of completion: render');
  await writer.append(certificate);
  mark('add the certificate');
  const seal = parts.seal();
  mark('read the sealing certificate');
  const pages = writer.pageCount();
  const bytes = await writer.seal(seal);
  mark('seal (PAdES)');
  return { bytes, sha256: hash.of(bytes), pages, signedSha256 };
}
