import { formatDistanceToNow } from 'date-fns';
import { ArrowLeft, ExternalLink, Inbox, Info, Loader2, Lock, Mail, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OutboxEntry } from '../../../../shared/api/mail';
import { AppError } from '../../../../shared/errors';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../auth/api/session';
import { useOutbox } from '../api/mail';

const statuses: Record<OutboxEntry['status'], { label: string; tone: string }> = {
  queued: { label: 'Queued', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
  sent: { label: 'Sent', tone: 'bg-green-50 text-green-700 ring-green-200' },
  held: { label: 'Held', tone: 'bg-indigo-50 text-indigo-700 ring-indigo-200' },
  failed: { label: 'Failed', tone: 'bg-red-50 text-red-700 ring-red-200' },
  skipped: { label: 'Skipped', tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
};

const kinds: Record<string, string> = {
  invitation: 'Invitation',
  reminder: 'Reminder',
  completed: 'Completed',
  declined: 'Declined',
  canceled: 'Canceled',
  expired: 'Expired',
  password_reset: 'Password reset',
  team_invitation: 'Team invitation',
  sign_up_attempt: 'Sign-up attempt',
  email_confirmation: 'E-mail confirmation',
  email_change_notice: 'E-mail change',
  email_change_attempt: 'E-mail change attempt',
};
const kindLabel = (kind: string) => kinds[kind] ?? kind;

function MailStatusBadge({ status }: { status: OutboxEntry['status'] }) {
  const { label, tone } = statuses[status];
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`}
    >
      {label}
    </span>
  );
}

function ago(iso: string) {
  return formatDistanceToNow(new Date(iso), { addSuffix: true });
}

/** Attempts and the last error, for a message that failed or is being retried. */
function DeliveryTrouble({ message }: { message: OutboxEntry }) {
  if (message.status !== 'failed' && !message.lastError) return null;
  return (
    <p className="mt-1 text-xs text-red-700 wrap-anywhere">
      {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
      {message.lastError && ` · ${message.lastError}`}
    </p>
  );
}

/** The plain-text body with its web addresses as links. */
function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let offset = 0;
  for (const part of text.split(/(https?:\/\/[^\s<>"]+)/)) {
    parts.push(
      /^https?:\/\//.test(part) ? (
        <a
          key={offset}
          href={part}
          target="_blank"
          rel="noreferrer noopener"
          className="font-medium text-indigo-600 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-500"
        >
          {part}
        </a>
      ) : (
        part
      ),
    );
    offset += part.length;
  }
  return <>{parts}</>;
}

/** Why a message has no body to show. */
function missingBody(message: OutboxEntry): ReactNode {
  switch (message.status) {
    case 'queued':
      return (
        <span className="inline-flex items-center gap-2">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Being composed and delivered…
        </span>
      );
    case 'skipped':
      return 'Not sent: when it was due, the recipient could no longer act on it.';
    case 'sent':
      return 'Delivered to the SMTP server. Pactum does not keep the text of delivered mail.';
    default:
      return 'The text of this message was not kept.';
  }
}

function MessageDetail({ message, onBack }: { message: OutboxEntry; onBack: () => void }) {
  const facts: [string, ReactNode][] = [
    [
      'To',
      <>
        {message.to.name}{' '}
        <span className="inline-block max-w-full text-slate-500 wrap-anywhere">
          &lt;{message.to.email}&gt;
        </span>
      </>,
    ],
    ['Kind', kindLabel(message.kind)],
    ['Status', <MailStatusBadge key="status" status={message.status} />],
    ['Created', formatDateTime(message.createdAt)],
  ];
  if (message.sentAt)
    facts.push([message.status === 'held' ? 'Held' : 'Sent', formatDateTime(message.sentAt)]);
  if (message.status === 'failed' || message.lastError) {
    facts.push(['Attempts', String(message.attempts)]);
    if (message.lastError)
      facts.push([
        'Last error',
        <span key="error" className="text-red-700">
          {message.lastError}
        </span>,
      ]);
  }
  return (
    <article aria-labelledby="message-subject">
      <div className="border-b border-slate-100 p-5">
        <button
          type="button"
          onClick={onBack}
          className="-ml-1 mb-3 inline-flex items-center gap-1 rounded-md px-1 py-0.5 text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> All mail
        </button>
        <h2 id="message-subject" className="text-lg font-semibold text-slate-900 wrap-anywhere">
          {message.subject ?? 'Subject not composed yet'}
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-1.5 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-slate-500">{term}</dt>
              <dd className="text-slate-900 wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
        {message.contractId && (
          <Link
            to={`/contracts/${message.contractId}`}
            className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-indigo-600 hover:text-indigo-500"
          >
            <ExternalLink aria-hidden="true" className="size-4" /> Open the contract
          </Link>
        )}
      </div>
      <section aria-labelledby="message-text" className="p-5">
        <h3 id="message-text" className="text-sm font-semibold text-slate-900">
          Plain text
        </h3>
        {message.text ? (
          <pre
            data-testid="message-text"
            className="mt-2 rounded-md bg-slate-50 p-4 font-sans text-sm leading-relaxed whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset wrap-anywhere"
          >
            <LinkifiedText text={message.text} />
          </pre>
        ) : (
          <p className="mt-2 text-sm text-slate-500">{missingBody(message)}</p>
        )}
      </section>
      {message.html && (
        <section aria-labelledby="message-html" className="px-5 pb-5">
          <h3 id="message-html" className="text-sm font-semibold text-slate-900">
            As the recipient sees it
          </h3>
          {/* sandbox="" runs no scripts, submits no forms and navigates nowhere. */}
          <iframe
            sandbox=""
            srcDoc={message.html}
            title="The e-mail as HTML"
            className="mt-2 h-[32rem] w-full rounded-md sm:h-[26rem] bg-slate-50 ring-1 ring-slate-200"
          />
        </section>
      )}
    </article>
  );
}

function CenteredNote({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="px-6 py-12 text-center">
      <div className="mx-auto flex size-10 items-center justify-center text-slate-400">{icon}</div>
      <h2 className="mt-2 text-sm font-semibold text-slate-900">{title}</h2>
      <div className="mx-auto mt-1 max-w-sm text-sm text-slate-500">{children}</div>
    </div>
  );
}

export function MailOutboxPage() {
  useDocumentTitle('Mail outbox');
  const { data: user } = useSession();
  const isAdmin = user?.role === 'admin';
  const outbox = useOutbox(isAdmin);
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('message');
  const data = outbox.data;
  const selected = data?.items.find((message) => message.id === selectedId) ?? null;
  const forbidden = !isAdmin || (outbox.error instanceof AppError && outbox.error.code === 'FORBIDDEN');

  const select = (id: string | null) => {
    setSearchParams(id ? { message: id } : {});
    // On a phone the message replaces the list: show it from its top.
    if (window.matchMedia('(max-width: 1023px)').matches) window.scrollTo({ top: 0 });
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Mail outbox</h1>
        <p className="mt-1 text-slate-600">
          Every e-mail Pactum sends for {user?.organization.name ?? 'your organization'}: invitations,
          reminders and notices.
        </p>
      </div>

      {forbidden ? (
        <Card>
          <CenteredNote
            icon={<Lock aria-hidden="true" className="size-8" />}
            title="Only an admin can read the mail outbox"
          >
            It holds every e-mail sent for your organization. Ask an admin if you need to know what one of
            them said.
          </CenteredNote>
        </Card>
      ) : outbox.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {outbox.error.message}
        </p>
      ) : (
        <>
          {data && (
            <div
              role="note"
              className="flex items-start gap-3 rounded-lg bg-indigo-50 p-4 text-sm text-indigo-900 ring-1 ring-indigo-100 ring-inset"
            >
              {data.smtp ? (
                <Send aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
              ) : (
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
              )}
              <p>
                {data.smtp
                  ? 'This is the delivery log: mail goes out through your SMTP server, and each message shows whether it was delivered.'
                  : 'No SMTP server is set up, so mail is not delivered: it stays here. Open a message to read it. A link that lets its recipient sign, review, join the team or reset a password is never shown here: it must reach that person only, so set up SMTP to deliver it (in demo mode it is printed to the server log).'}
              </p>
            </div>
          )}

          {data?.items.length === 0 ? (
            <div className="rounded-lg border-2 border-dashed border-slate-200 px-6 py-10 text-center">
              <Mail aria-hidden="true" className="mx-auto size-8 text-slate-400" />
              <h2 className="mt-2 text-sm font-semibold text-slate-900">No mail yet</h2>
              <p className="mt-1 text-sm text-slate-500">
                Invitations appear here as soon as you send a contract for signature.
              </p>
            </div>
          ) : (
            <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <Card className={`overflow-hidden ${selected ? 'hidden lg:block' : ''}`}>
                <h2 className="sr-only">Messages</h2>
                {data ? (
                  <ul aria-label="Messages" className="divide-y divide-slate-100">
                    {data.items.map((message) => {
                      const active = message.id === selected?.id;
                      return (
                        <li key={message.id}>
                          <button
                            type="button"
                            aria-current={active ? 'true' : undefined}
                            onClick={() => select(message.id)}
                            className={`block w-full px-4 py-3 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 ${active ? 'bg-indigo-50' : 'hover:bg-slate-50'}`}
                          >
                            <span className="flex items-start justify-between gap-3">
                              <span className="min-w-0 truncate text-sm">
                                <span className="font-medium text-slate-900">{message.to.name}</span>{' '}
                                <span className="text-slate-500">{message.to.email}</span>
                              </span>
                              <MailStatusBadge status={message.status} />
                            </span>
                            <span className="mt-0.5 block truncate text-sm text-slate-700">
                              {message.subject ?? (
                                <span className="text-slate-400 italic">Being composed…</span>
                              )}
                            </span>
                            <span className="mt-1 block text-xs text-slate-500">
                              {kindLabel(message.kind)} ·{' '}
                              <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
                                {ago(message.createdAt)}
                              </time>
                            </span>
                            <DeliveryTrouble message={message} />
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                ) : (
                  <div className="space-y-3 p-4" role="status" aria-label="Loading mail">
                    {[0, 1, 2].map((n) => (
                      <div key={n} className="h-16 animate-pulse rounded bg-slate-100" />
                    ))}
                  </div>
                )}
              </Card>
              <Card className={selected ? '' : 'hidden lg:block'}>
                {selected ? (
                  <MessageDetail message={selected} onBack={() => select(null)} />
                ) : (
                  <CenteredNote
                    icon={<Inbox aria-hidden="true" className="size-8" />}
                    title="No message selected"
                  >
                    Choose a message to read it.
                  </CenteredNote>
                )}
              </Card>
            </div>
          )}
        </>
      )}
    </div>
  );
}
