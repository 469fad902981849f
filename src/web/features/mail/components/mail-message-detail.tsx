import { formatDistanceToNow } from 'date-fns';
import { ArrowLeft, ExternalLink, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OutboxEntry } from '../../../../shared/api/mail';
import { formatDateTime } from '../../../lib/dates';

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
export const kindLabel = (kind: string) => kinds[kind] ?? kind;

export function MailStatusBadge({ status }: { status: OutboxEntry['status'] }) {
  const { label, tone } = statuses[status];
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`}
    >
      {label}
    </span>
  );
}

export function ago(iso: string) {
  return formatDistanceToNow(new Date(iso), { addSuffix: true });
}

/** Attempts and the last error, for a message that failed or is being retried. */
export function DeliveryTrouble({ message }: { message: OutboxEntry }) {
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

export function MessageDetail({ message, onBack }: { message: OutboxEntry; onBack: () => void }) {
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
