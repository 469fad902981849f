import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** Ten codes shown this once: copied or downloaded now, or never seen again. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Pactum recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <section className="rounded-md bg-amber-50 p-4 ring-1 ring-amber-200" aria-label="Recovery codes">
      <p className="text-sm font-medium text-amber-900">Save your recovery codes now</p>
      <p className="mt-1 text-sm text-amber-900">
        If you lose your phone or passkey, each of these codes signs you in once. They are shown only this
        time: keep them somewhere safe, such as a password manager.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-slate-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <a
          className="inline-flex h-8 items-center gap-2 rounded-md bg-white px-2.5 text-sm font-medium text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="pactum-recovery-codes.txt"
        >
          <Download aria-hidden="true" className="size-4" /> Download
        </a>
        <Button size="sm" className="ml-auto" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </section>
  );
}
