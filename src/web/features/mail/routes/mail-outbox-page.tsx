import { Inbox, Info, Lock, Mail, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AppError } from '../../../../shared/errors';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../auth/api/session';
import { useOutbox } from '../api/mail';
import {
  ago,
  DeliveryTrouble,
  kindLabel,
  MailStatusBadge,
  MessageDetail,
} from '../components/mail-message-detail';

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
                              {message.subject ?? <span className="text-meta italic">Being composed…</span>}
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
