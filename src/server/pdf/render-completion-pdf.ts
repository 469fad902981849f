import { renderToBuffer } from '@react-pdf/renderer';
import { setModificationDate } from './assemble-pdf';
import {
  CertificateDocument,
  type CertificateProps,
  SignaturePagesDocument,
  type SignaturePagesProps,
} from './completion-pages';

export type SignaturePagesInput = SignaturePagesProps;
export type CertificateInput = CertificateProps;

/**
 * The signature pages appended to a signed contract. Dated by the last signature, so rendering
 * them again from the same records gives the same bytes (and the signed document the same hash).
 */
export async function renderSignaturePages(input: SignaturePagesInput): Promise<Uint8Array> {
  if (input.signers.length === 0) throw new Error('A signature page needs at least one signer');
  const lastSigned = new Date(Math.max(...input.signers.map((signer) => signer.signedAt.getTime())));
  // Called as a function (it uses no hooks) because renderToBuffer wants the <Document> element itself.
  const buffer = await renderToBuffer(SignaturePagesDocument(input));
  return setModificationDate(buffer, lastSigned);
}

/** The certificate of completion: the contract's identity, hashes and full history. */
export async function renderCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const buffer = await renderToBuffer(CertificateDocument(input));
  return setModificationDate(buffer, input.completedAt);
}
