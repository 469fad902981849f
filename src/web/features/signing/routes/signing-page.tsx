import { CheckCircle2, Download, FileText, Loader2 } from 'lucide-react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { SigningView } from '../../../../shared/api/signing';
import { AppError } from '../../../../shared/errors';
import { roleOf } from '../../../../shared/recipients';
import { PdfPages } from '../../../components/pdf-pages';
import { RoutePicture, waitingLine } from '../../../components/route-picture';
import { ErrorBanner } from '../../../components/ui/banner';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { signingDocumentUrl, useSigningSession, useSigningView } from '../api/signing';
import { useEmbedFieldReports, useEmbedPageReports } from '../components/embed-reports';
import { LinkStatePanel } from '../components/link-state-panel';
import { PlacedFieldsOverlay } from '../components/placed-fields';
import { SignedEarlierNotice } from '../components/signed-earlier-notice';
import { SignerCheckPanel } from '../components/signer-check-panel';
import { SigningForm } from '../components/signing-form';
import { type SigningWalk, useSigningWalk } from '../components/use-signing-walk';
import { viewRoute, whoseTurn } from '../components/view-route';
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

/**
 * /sign/{token}: the public signing page. No account; the link is the signer's key. The same page
 * at /embed/sign/{token} is shown in another web app's frame and tells that app what happens
 * (embed-reports.ts).
 */
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
  const where = useMemo(
    () =>
      view.data
        ? { state: view.data.state, role: 'contract' in view.data ? view.data.role : ('signer' as const) }
        : undefined,
    [view.data],
  );
  useEmbedPageReports(session.data?.signerId, where, session.error ?? view.error);

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
  if (data.state === 'waiting') return <WaitingForTurn data={data} />;
  // A viewer's part is done as they open it: they read the document, nothing to fill or sign.
  if (data.state === 'viewed' || (data.state === 'ready' && data.role === 'viewer')) {
    return <ViewedDocument data={data} />;
  }
  if (data.state !== 'ready') {
    return (
      <Frame organization={data.organization.name}>
        <LinkStatePanel state={data.state} title={data.contract.title}>
          {data.state === 'signed' && data.finalDocumentReady && <DownloadSignedPdf signerId={signerId} />}
          {(data.state === 'signed' || data.state === 'approved') && !data.finalDocumentReady && (
            <p className="text-xs text-slate-500">{waitingLine(viewRoute(data.route))}</p>
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

/** A later group's link: whose turn it is, the route, and that an e-mail comes when it is theirs. */
function WaitingForTurn({ data }: { data: SigningView }) {
  const turn = whoseTurn(data.route);
  return (
    <Frame organization={data.organization.name}>
      <div className="space-y-6">
        <LinkStatePanel
          state="waiting"
          title={data.contract.title}
          text={`${turn ? `It is ${turn}'s turn now. ` : ''}You will get an e-mail when it is yours to ${roleOf(data.role).verb}.`}
        />
        <Card className="p-5">
          <RoutePicture groups={viewRoute(data.route)} sequential={data.route.sequential} />
        </Card>
      </div>
    </Frame>
  );
}

/** A viewer's page: the document as sent, and that their part (opening it) is done. */
function ViewedDocument({ data }: { data: SigningView }) {
  return (
    <Frame organization={data.organization.name}>
      <div className="space-y-6">
        <div>
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-900">{data.sender.name}</span> of{' '}
            <span className="font-medium text-slate-900">{data.organization.name}</span> asks you to read
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{data.contract.title}</h1>
        </div>
        <p
          role="status"
          className="flex items-center gap-2 rounded-md bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200"
        >
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
          Your part is done: you have viewed it. You will receive the sealed PDF once everyone has acted.
        </p>
        <Card className="p-5">
          <RoutePicture groups={viewRoute(data.route)} sequential={data.route.sequential} />
        </Card>
        <DocumentCard data={data} />
      </div>
    </Frame>
  );
}

/** The document as sent: its pages (with the fields where they are, for one whose turn it is), or its text. */
function DocumentCard({ data, walk }: { data: SigningView; walk?: SigningWalk }) {
  const signerId = data.signerId;
  return (
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
                .map((file) => `${file.name} (${file.pageCount} ${file.pageCount === 1 ? 'page' : 'pages'})`)
                .join(', ')}
              .
            </p>
          )}
          <SignedEarlierNotice files={data.contract.files} />
          <PdfPages
            url={signingDocumentUrl(signerId, 'frozen')}
            label="Document"
            flow
            renderOverlay={walk ? (page) => <PlacedFieldsOverlay page={page} walk={walk} /> : undefined}
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
  );
}

/**
 * The document and the form of a signer whose turn it is, with the fields placed on its pages,
 * and the walk that takes the signer through everything to do, to Finish.
 */
function ReadyToSign({ data }: { data: SigningView }) {
  const walk = useSigningWalk(data);
  useEmbedFieldReports(data.signerId, walk.filledFields, walk.sign.error);
  return (
    <Frame organization={data.organization.name}>
      <div className="space-y-6">
        <div>
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-900">{data.sender.name}</span>
            {data.sender.email && <> ({data.sender.email})</>} of{' '}
            <span className="font-medium text-slate-900">{data.organization.name}</span> asks you to{' '}
            {roleOf(data.role).verb}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{data.contract.title}</h1>
          {data.role === 'witness' && (
            <p className="mt-2 text-sm font-medium text-slate-800">
              You are witnessing the signature of {data.witnessOf ?? 'the signer'}.
            </p>
          )}
          {data.role === 'approver' && (
            <p className="mt-2 text-sm text-slate-700">
              Read it, then approve it to let it go on, or reject it with a reason to stop it for everyone.
            </p>
          )}
          {data.contract.expiresAt && (
            <p className="mt-1 text-sm text-slate-500">
              {data.role === 'approver' ? 'Approve' : 'Sign'} before {formatDate(data.contract.expiresAt)}
            </p>
          )}
        </div>
        {data.route.groups.length > 1 && (
          <details className="rounded-lg border border-slate-200 bg-white p-4 [&[open]>summary]:mb-3">
            <summary className="cursor-pointer text-sm font-medium text-slate-700">
              Who else takes part
            </summary>
            <RoutePicture groups={viewRoute(data.route)} sequential={data.route.sequential} heading="Route" />
          </details>
        )}
        <DocumentCard data={data} walk={walk} />
        <SigningForm walk={walk} />
        <WalkBar walk={walk} />
      </div>
    </Frame>
  );
}
