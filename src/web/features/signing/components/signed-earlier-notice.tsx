import type { SigningView } from '../../../../shared/api/signing';
import { EarlierSignatures } from '../../../components/earlier-signatures';

/**
 * Above the document on the signing page: the PDFs another party signed before it was sent, who
 * signed them and when, and that those signatures stay valid when this signer signs.
 */
export function SignedEarlierNotice({ files }: { files: SigningView['contract']['files'] }) {
  const signed = files.filter((file) => file.signatures.length > 0);
  if (signed.length === 0) return null;
  return (
    <div className="border-b border-slate-200 px-4 py-2 sm:px-6">
      {signed.map((file, index) => (
        <EarlierSignatures
          // biome-ignore lint/suspicious/noArrayIndexKey: the document's files, fixed at send, may share a name
          key={`${index}-${file.name}`}
          fileName={file.name}
          signatures={file.signatures}
          audience="signer"
        />
      ))}
    </div>
  );
}
