import { Download, FileText, Loader2 } from 'lucide-react';
import { useParams } from 'react-router';
import type { SigningView } from '../../../../shared/api/signing';
import { AppError } from '../../../../shared/errors';
import { PdfPages } from '../../../components/pdf-pages';
import { ErrorBanner } from '../../../components/ui/banner';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { signingDocumentUrl, useSigningSession, useSigningView } from '../api/signing';
import { LinkStatePanel } from '../components/link-state-panel';
import { PlacedFieldsOverlay } from '../components/placed-fields';
import { SignedEarlierNotice } from '../components/signed-earlier-notice';
import { SignerCheckPanel } from '../components/signer-check-panel';
import { SigningForm } from '../components/signing-form';
import { useSigningWalk } from '../components/use-signing-walk';
import { WalkBar } from '../components/walk-bar';

function Frame({ children, organization }: { children: React.ReactNode; organization?: string }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
        <span className="text-lg font-bold tracking-tight text-indigo-600">Pactum</span>
        {organization && <span className="truncate text-sm text-slate-500">for {organization}</span>}
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">{children}</main>
    </div>
  );
}

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;
const isSessionEnded = (error: unknown) =>
  error instanceof AppError && error.code === 'SIGNING_SESSION_EXPIRED';

/** /sign/{token}: the public signing page. No account; the link is the signer's key. */
export function SigningPage() {
  const { token = '' } = useParams();
  const session = useSigningSession(token);
  // Nothing of the document is asked for until the signer passed the checks the sender set.
  const authenticated = session.data?.authentication.complete === true;
  // A completion e-mail's link only downloads the sealed PDF: the document itself is not asked for.
  const downloadOnly = session.data?.purpose === 'download';
  const view = useSigningView(authenticated && !downloadOnly ? session.data?.signerId : undefined);
  useDocumentTitle(
    view.data && 'contract' in view.data ? `Sign: ${view.data.contract.title}` : 'Sign a document',
  );

  if (session.data && !authenticated) {
    return (
      <Frame>
        <SignerCheckPanel token={token} session={session.data} />
      </Frame>
    );
  }
  if (session.data && downloadOnly) {
    return (
      <Frame>
        <LinkStatePanel
          state="signed"
          text="Everyone has signed. Download the sealed PDF: it carries every signature and a certificate of completion."
        >
          <DownloadSignedPdf signerId={session.data.signerId} />
        </LinkStatePanel>
      </Frame>
    );
  }
  if (session.isPending || (session.data && view.isPending)) {
    return (
      <Frame>
        <div role="status" className="flex items-center justify-center gap-2 py-24 text-slate-500">
          <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Opening your document…
        </div>
      </Frame>
    );
  }
  const error = session.error ?? view.error;
  if (error) {
    return (
      <Frame>
        {isNotFound(error) ? (
          <LinkStatePanel state="unknown" />
        ) : isSessionEnded(error) ? (
          <LinkStatePanel state="session-ended" />
        ) : (
          <ErrorBanner>{errorMessage(error)}</ErrorBanner>
        )}
      </Frame>
    );
  }
  const data = view.data;
  if (!data) return null;
  const signerId = data.signerId;

  if (!('contract' in data)) {
    // Closed (canceled, declined, expired): the server says only that, and who sent it.
    return (
      <Frame organization={data.organization.name}>
        <LinkStatePanel state={data.state}>
          <p className="text-xs text-slate-500">
            Sent by {data.sender.name}
            {data.organization.name && <> of {data.organization.name}</>}.
          </p>
        </LinkStatePanel>
      </Frame>
    );
  }
  if (data.state !== 'ready') {
    return (
      <Frame organization={data.organization.name}>
        <LinkStatePanel state={data.state} title={data.contract.title}>
          {data.state === 'signed' && data.finalDocumentReady && <DownloadSignedPdf signerId={signerId} />}
          {data.state === 'signed' && !data.finalDocumentReady && (
            <p className="text-xs text-slate-500">Waiting for the other signers.</p>
          )}
        </LinkStatePanel>
      </Frame>
    );
  }

  return <ReadyToSign data={data} />;
}

function DownloadSignedPdf({ signerId }: { signerId: string }) {
  return (
    <a
      href={signingDocumentUrl(signerId, 'final')}
      className="inline-flex items-center gap-2 rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500"
    >
      <Download aria-hidden="true" className="size-4" /> Download the signed PDF
    </a>
  );
}

/**
 * The document and the form of a signer whose turn it is, with the fields placed on its pages,
 * and the walk that takes the signer through everything to do, to Finish.
 */
function ReadyToSign({ data }: { data: SigningView }) {
  const signerId = data.signerId;
  const walk = useSigningWalk(data);
  return (
    <Frame organization={data.organization.name}>
      <div className="space-y-6">
        <div>
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-900">{data.sender.name}</span>
            {data.sender.email && <> ({data.sender.email})</>} of{' '}
            <span className="font-medium text-slate-900">{data.organization.name}</span> asks you to sign
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{data.contract.title}</h1>
          {data.contract.expiresAt && (
            <p className="mt-1 text-sm text-slate-500">Sign before {formatDate(data.contract.expiresAt)}</p>
          )}
        </div>
        <Card>
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
            <span className="flex items-center gap-2 text-sm text-slate-600">
              <FileText aria-hidden="true" className="size-4" />
              {data.contract.pages} {data.contract.pages === 1 ? 'page' : 'pages'}
            </span>
            <a
              href={signingDocumentUrl(signerId, 'frozen')}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-600 hover:text-indigo-500"
            >
              <Download aria-hidden="true" className="size-4" /> Download PDF
            </a>
          </div>
          {data.contract.files.length > 0 || data.placed.length > 0 ? (
            // Uploaded PDFs, and text with fields written in it, are shown as they were sent: its
            // pages, with the fields where they are.
            <>
              {data.contract.files.length > 0 && (
                <p dir="auto" className="border-b border-slate-200 px-4 py-2 text-xs text-slate-500 sm:px-6">
                  This document holds{' '}
                  {data.contract.files
                    .map(
                      (file) => `${file.name} (${file.pageCount} ${file.pageCount === 1 ? 'page' : 'pages'})`,
                    )
                    .join(', ')}
                  .
                </p>
              )}
              <SignedEarlierNotice files={data.contract.files} />
              <PdfPages
                url={signingDocumentUrl(signerId, 'frozen')}
                label="Document"
                flow
                renderOverlay={(page) => <PlacedFieldsOverlay page={page} walk={walk} />}
              />
            </>
          ) : (
            <article
              aria-label="Document"
              className="prose-contract px-4 py-5 sm:px-6"
              // The server renders this HTML from the validated editor JSON; it never takes HTML in.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered from checked JSON
              dangerouslySetInnerHTML={{ __html: data.contract.html }}
            />
          )}
        </Card>
        <SigningForm walk={walk} />
        <WalkBar walk={walk} />
      </div>
    </Frame>
  );
}
