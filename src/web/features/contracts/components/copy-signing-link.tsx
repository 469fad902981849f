import { Check, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
import { useCopySigningLink } from '../api/signing';

/**
 * 'Copy link' for a pending recipient of a sent contract: a fresh link of theirs, for the sender
 * to hand over by chat or phone. It goes to the clipboard where the browser allows it, and is
 * always shown too, to select by hand. The link still waits for the recipient's turn.
 */
export function CopySigningLink({
  contractId,
  signer,
}: {
  contractId: string;
  signer: { id: string; name: string };
}) {
  const copy = useCopySigningLink(contractId);
  const [copied, setCopied] = useState<{ url: string; onClipboard: boolean } | null>(null);
  const onCopy = async () => {
    const { url } = await copy.mutateAsync(signer.id);
    const onClipboard = await (navigator.clipboard?.writeText(url) ?? Promise.reject()).then(
      () => true,
      () => false,
    );
    setCopied({ url, onClipboard });
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Copy the signing link of ${signer.name}`}
        loading={copy.isPending}
        onClick={() => void onCopy().catch(() => undefined)}
      >
        {copied?.onClipboard ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Link2 aria-hidden="true" className="size-4" />
        )}
        Copy link
      </Button>
      {copied && (
        <div className="mt-1 mb-1 basis-full pl-2">
          <TextField
            label={`Signing link of ${signer.name}`}
            value={copied.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            className="[&_input]:font-mono [&_input]:text-xs"
          />
          <p role="status" className="mt-1 text-xs text-slate-600">
            {copied.onClipboard ? 'Copied to the clipboard. ' : 'Select the link above and copy it. '}
            It is theirs alone and works only in their turn; a correction stops it.
          </p>
        </div>
      )}
      {copy.error && (
        <p role="alert" className="mt-1 basis-full pl-2 text-xs text-red-700">
          {errorMessage(copy.error, 'The link could not be made.')}
        </p>
      )}
    </>
  );
}
