import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { PdfSignature } from '../../shared/api/contract-files';
import { formatDateTime } from '../lib/dates';

/**
 * The digital signatures a PDF carried before anyone placed a field on it (another party signed
 * it first): the name each one's certificate gives and when, and that Pactum adds to the PDF
 * only after what they signed. It claims no more than was checked: a signature "checks out" when
 * its signed bytes verify against the certificate it carries, which says nothing of whether that
 * certificate is to be trusted (anyone can make one in any name), so the names are given as the
 * certificates' and trust is left to the reader's own validator; signatures not read (past the
 * first 20, or in a file uploaded before they were read) are counted as not checked. For the
 * sender where the PDF is listed, and for the signer above the document they sign.
 */
export function EarlierSignatures({
  fileName,
  signatures,
  signatureCount = signatures.length,
  audience,
}: {
  fileName: string;
  signatures: readonly PdfSignature[];
  /** How many it carries, when more than were read (a file uploaded before they were). */
  signatureCount?: number;
  audience: 'sender' | 'signer';
}) {
  if (signatureCount === 0) return null;
  const intact = signatures.filter((signature) => signature.intact);
  const broken = signatures.filter((signature) => !signature.intact);
  const unchecked = signatureCount - signatures.length;
  const who = (signature: PdfSignature) =>
    signature.signedAt ? `${signature.signedBy}, ${formatDateTime(signature.signedAt)}` : signature.signedBy;
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return (
    <section
      aria-label={`Signatures already on ${fileName}`}
      className="mt-1 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-xs text-emerald-900"
    >
      <p className="flex items-start gap-1.5 font-medium">
        <ShieldCheck aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span dir="auto">
          {fileName} was already signed{' '}
          {audience === 'signer' ? 'before it was sent to you' : 'when uploaded'}
          {signatures.length === 0 ? ` (${plural(signatureCount, 'signature', 'signatures')})` : ''}.
        </span>
      </p>
      {(intact.length > 0 || unchecked > 0) && (
        <ul className="mt-1 space-y-0.5 ps-5">
          {intact.map((signature) => (
            <li key={`${signature.signedBy}-${signature.signedAt}`} dir="auto">
              Signed with a certificate in the name of {who(signature)}
            </li>
          ))}
          {unchecked > 0 && signatures.length > 0 && (
            <li>and {plural(unchecked, 'more signature', 'more signatures')}, not checked</li>
          )}
        </ul>
      )}
      <p className="mt-1 ps-5">
        {audience === 'signer'
          ? 'Your signature and the seal are added after what was signed, without changing it.'
          : "The PDF is sent exactly as uploaded, as the contract's only document, and the fields and the seal are added after what was signed, without changing it."}{' '}
        {signatures.length === 0
          ? 'Its signatures were not checked: open the PDF in your own validator to check them.'
          : 'Whether a certificate is to be trusted is for your PDF reader or validator to say.'}
      </p>
      {broken.map((signature) => (
        <p
          key={`broken-${signature.signedBy}-${signature.signedAt}`}
          className="mt-1 flex items-start gap-1.5 text-amber-900"
          dir="auto"
        >
          <ShieldAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          <span>
            The signature with a certificate in the name of {who(signature)} does not verify: the file was
            changed after it was signed, or the signature is damaged.
          </span>
        </p>
      ))}
    </section>
  );
}
