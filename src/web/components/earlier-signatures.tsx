import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { PdfSignature } from '../../shared/api/contract-files';
import { formatDateTime } from '../lib/dates';

/**
 * The digital signatures a PDF carried before anyone placed a field on it (another party signed
 * it first): who signed and when, and that their signature stays valid, since the PDF is sent
 * exactly as uploaded and Pactum adds to it only after their signature. For the sender where the
 * PDF is listed, and for the signer above the document they sign.
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
  const valid = signatures.filter((signature) => signature.intact);
  const broken = signatures.filter((signature) => !signature.intact);
  const unread = signatureCount - signatures.length;
  const who = (signature: PdfSignature) =>
    signature.signedAt ? `${signature.signedBy}, ${formatDateTime(signature.signedAt)}` : signature.signedBy;
  // What stays valid: the signatures that verify now (all of them when none could be listed).
  const staying = signatures.length === 0 ? signatureCount : valid.length + unread;
  const they = staying === 1 ? 'Their signature stays' : 'Their signatures stay';
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
          {signatures.length === 0
            ? ` (${signatureCount} ${signatureCount === 1 ? 'signature' : 'signatures'})`
            : ''}
          .
        </span>
      </p>
      {signatures.length > 0 && (
        <ul className="mt-1 space-y-0.5 ps-5">
          {valid.map((signature) => (
            <li key={`${signature.signedBy}-${signature.signedAt}`} dir="auto">
              Signed by {who(signature)}
            </li>
          ))}
          {unread > 0 && (
            <li>
              and {unread} more {unread === 1 ? 'signature' : 'signatures'}
            </li>
          )}
        </ul>
      )}
      {staying > 0 && (
        <p className="mt-1 ps-5">
          {they} valid:{' '}
          {audience === 'signer'
            ? 'your signature and the seal are added after them, without changing what they signed.'
            : "the PDF is sent exactly as uploaded, as the contract's only document, and the fields and the seal are added after them."}
        </p>
      )}
      {broken.map((signature) => (
        <p
          key={`broken-${signature.signedBy}-${signature.signedAt}`}
          className="mt-1 flex items-start gap-1.5 text-amber-900"
          dir="auto"
        >
          <ShieldAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          <span>
            The signature by {who(signature)} does not verify: the file was changed after it was signed, or
            the signature is damaged.
          </span>
        </p>
      ))}
    </section>
  );
}
