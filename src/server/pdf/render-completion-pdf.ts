import { renderToBuffer } from '@react-pdf/renderer';
import {
  CertificateDocument,
  type CertificateProps,
  SignaturePagesDocument,
  type SignaturePagesProps,
} from './completion-pages';
import { isPng } from './png';

export type SignaturePagesInput = SignaturePagesProps;
export type CertificateInput = CertificateProps;

/**
 * The signature pages appended to a signed contract. Dated by the last signature, so rendering
 * them again from the same records gives the same bytes (and the signed document the same hash).
 */
export async function renderSignaturePages(input: SignaturePagesInput): Promise<Uint8Array> {
  if (input.signers.length === 0) throw new Error('A signature page needs at least one signer');
  // React-pdf only logs an image it cannot decode and leaves its space blank; a signature page
  // without the signature must fail instead, so the bytes are checked before rendering.
  for (const signer of input.signers) {
    if (!isPng(signer.signatureImage)) throw new Error(`The signature image of ${signer.email} is not a PNG`);
  }
  // Called as a function (it uses no hooks) because renderToBuffer wants the <Document> element itself.
  return renderToBuffer(SignaturePagesDocument(input));
}

/** The certificate of completion: the contract's identity, hashes and full history. */
export async function renderCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  return renderToBuffer(CertificateDocument(input));
}
