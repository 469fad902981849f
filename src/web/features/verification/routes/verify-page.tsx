import { useMutation } from '@tanstack/react-query';
import { FileUp, ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import type { Verification } from '../../../../shared/api/signing';
import { CertificateDownloads } from '../../../components/certificate-downloads';
import { ErrorBanner } from '../../../components/ui/banner';
import { api, sendFile } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';

const verdicts = {
  verified: {
    icon: ShieldCheck,
    tone: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
    iconTone: 'text-emerald-600',
    title: 'Verified',
  },
  modified: {
    icon: ShieldAlert,
    tone: 'bg-red-50 text-red-900 ring-red-200',
    iconTone: 'text-red-600',
    title: 'Changed after sealing',
  },
  unknown: {
    icon: ShieldQuestion,
    tone: 'bg-amber-50 text-amber-900 ring-amber-200',
    iconTone: 'text-amber-600',
    title: 'Cannot be vouched for',
  },
} as const;

/** /verify: anyone drops a PDF and learns whether this Pactum sealed it and it is unchanged. */
export function VerifyPage() {
  useDocumentTitle('Verify a document');
  const inputId = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const verify = useMutation({
    mutationFn: (file: File) => sendFile(api.verification.verify, file, 'application/pdf'),
  });
  const check = (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    verify.mutate(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    check(event.dataTransfer.files[0]);
  };
  const result = verify.data;
  const verdict = result ? verdicts[result.verdict] : null;

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex h-16 items-center border-b border-slate-200 bg-white px-4 sm:px-6">
        <a href="/" className="text-lg font-bold tracking-tight text-indigo-600">
          Pactum
        </a>
      </header>
      <main className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Verify a signed document</h1>
          <p className="mt-1 text-sm text-slate-600">
            Check that a PDF was completed and sealed by Pactum, and that not a single byte has changed since.
            The file is checked on the server and not kept.
          </p>
        </div>
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={`flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-12 text-center transition-colors focus-within:ring-2 focus-within:ring-indigo-600 ${dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white hover:border-slate-400'}`}
        >
          <FileUp aria-hidden="true" className="size-8 text-slate-400" />
          <span className="mt-3 text-sm font-medium text-slate-900">Drop a PDF here, or choose a file</span>
          <span className="mt-1 text-xs text-slate-500">{fileName ?? 'PDF, up to 25 MB'}</span>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            onChange={(event) => check(event.target.files?.[0])}
          />
        </label>
        {verify.isPending && (
          <p role="status" className="text-sm text-slate-600">
            Checking…
          </p>
        )}
        {verify.error && (
          <ErrorBanner>{errorMessage(verify.error, 'The file could not be checked.')}</ErrorBanner>
        )}
        {result && verdict && (
          <div
            className={`rounded-lg p-6 shadow-sm ring-1 ${verdict.tone}`}
            role="status"
            aria-label="Verification result"
          >
            <div className="flex items-start gap-3">
              <verdict.icon aria-hidden="true" className={`size-7 shrink-0 ${verdict.iconTone}`} />
              <div className="min-w-0">
                <h2 className="text-lg font-semibold">{verdict.title}</h2>
                <p className="mt-1 text-sm">{result.message}</p>
              </div>
            </div>
            {result.contract && (
              <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
                <dt className="font-medium">Title</dt>
                <dd>{result.contract.title}</dd>
                <dt className="font-medium">Organization</dt>
                <dd>{result.contract.organization}</dd>
                {result.contract.completedAt && (
                  <>
                    <dt className="font-medium">Completed</dt>
                    <dd>{formatDateTime(result.contract.completedAt)}</dd>
                  </>
                )}
                <dt className="font-medium">Parties</dt>
                <dd>
                  <ul className="space-y-1">
                    {result.contract.parties.map((party) => (
                      <li key={`${party.number}-${party.email}`}>
                        {party.name} ({party.email}) · {party.role}
                        {party.group !== null && ` · group ${party.group}`}
                        <span className="opacity-75"> · {partyPart(party)}</span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </dl>
            )}
            <p className="mt-5 break-all font-mono text-[11px] opacity-75">SHA-256 {result.sha256}</p>
          </div>
        )}
        <section
          aria-labelledby="instance-certificate"
          className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="instance-certificate" className="text-sm font-semibold text-slate-900">
            Check a seal with your own tools
          </h2>
          <p className="mt-1 mb-2 text-sm text-slate-600">
            Download this Pactum's sealing certificate and trust it in your PDF reader or validator. An
            organization that seals with a certificate of its own gives it out from its settings.
          </p>
          <CertificateDownloads
            urlOf={(format) => api.verification.instanceCertificate.url({ params: { format } })}
            label="this Pactum's sealing certificate"
          />
        </section>
      </main>
    </div>
  );
}

type Party = NonNullable<Verification['contract']>['parties'][number];

/** What a party did, as the certificate of completion says it. */
function partyPart(party: Party): string {
  const at = party.at ? ` ${formatDateTime(party.at)}` : '';
  switch (party.outcome) {
    case 'witnessed':
      return `witnessed ${party.witnessOf ?? 'a signature'}${at}`;
    case 'copied':
      return 'copied (CC)';
    case 'declined':
    case 'rejected':
      return `${party.outcome}${at}: ${party.reason ?? ''}`;
    case 'delegated':
      return party.delegatedTo
        ? `delegated to ${party.delegatedTo.name} ${formatDateTime(party.delegatedTo.at)}: ${party.delegatedTo.reason}`
        : `delegated${at}`;
    case 'not done':
      return 'did not act';
    default:
      return `${party.outcome}${at}`;
  }
}
