import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { formatDistanceToNow } from 'date-fns';
import {
  AtSign,
  BadgeCheck,
  Bell,
  BellOff,
  CalendarClock,
  CheckCircle2,
  ClipboardCheck,
  Clock,
  Eye,
  Forward,
  ListOrdered,
  Lock,
  type LucideIcon,
  Mails,
  MailWarning,
  MessageSquareText,
  PencilLine,
  Repeat,
  ShieldCheck,
  Stamp,
  Undo2,
  UserCheck,
  UserMinus,
  UserPen,
  UserPlus,
  WebhookOff,
  XCircle,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Notification, NotificationKind } from '../../../../shared/api/notifications';
import { settingsSectionPath } from '../../../../shared/settings-sections';
import { formatDateTime } from '../../../lib/dates';
import { useMarkNotificationsRead, useNotificationStream, useNotifications } from '../api/notifications';

const kinds: Record<NotificationKind, { icon: LucideIcon; tone: string }> = {
  viewed: { icon: Eye, tone: 'bg-indigo-50 text-indigo-600' },
  signed: { icon: CheckCircle2, tone: 'bg-green-50 text-green-600' },
  turn_reached: { icon: ListOrdered, tone: 'bg-indigo-50 text-indigo-600' },
  approved: { icon: BadgeCheck, tone: 'bg-green-50 text-green-600' },
  rejected: { icon: XCircle, tone: 'bg-red-50 text-red-600' },
  witnessed: { icon: Stamp, tone: 'bg-green-50 text-green-600' },
  delegated: { icon: Forward, tone: 'bg-indigo-50 text-indigo-600' },
  named: { icon: UserCheck, tone: 'bg-indigo-50 text-indigo-600' },
  corrected: { icon: UserPen, tone: 'bg-amber-50 text-amber-700' },
  recipient_added: { icon: UserPlus, tone: 'bg-indigo-50 text-indigo-600' },
  recipient_removed: { icon: UserMinus, tone: 'bg-amber-50 text-amber-700' },
  completed: { icon: ShieldCheck, tone: 'bg-green-50 text-green-600' },
  declined: { icon: XCircle, tone: 'bg-red-50 text-red-600' },
  expired: { icon: Clock, tone: 'bg-amber-50 text-amber-700' },
  mail_failed: { icon: MailWarning, tone: 'bg-red-50 text-red-600' },
  signer_locked: { icon: Lock, tone: 'bg-red-50 text-red-600' },
  commented: { icon: MessageSquareText, tone: 'bg-sky-50 text-sky-700' },
  suggested: { icon: PencilLine, tone: 'bg-sky-50 text-sky-700' },
  mentioned: { icon: AtSign, tone: 'bg-sky-50 text-sky-700' },
  approval_requested: { icon: ClipboardCheck, tone: 'bg-indigo-50 text-indigo-600' },
  approval_decided: { icon: BadgeCheck, tone: 'bg-green-50 text-green-600' },
  approval_withdrawn: { icon: Undo2, tone: 'bg-amber-50 text-amber-700' },
  webhook_disabled: { icon: WebhookOff, tone: 'bg-red-50 text-red-600' },
  bulk_send_finished: { icon: Mails, tone: 'bg-green-50 text-green-600' },
  deadline: { icon: CalendarClock, tone: 'bg-amber-50 text-amber-700' },
  renewed: { icon: Repeat, tone: 'bg-sky-50 text-sky-700' },
};

/** Where a notice leads: its contract, the webhook settings for a turned-off endpoint, the bulk sends for a batch. */
function pageOf(notification: Notification): string | null {
  if (notification.contractId) return `/contracts/${notification.contractId}`;
  if (notification.kind === 'bulk_send_finished') return '/bulk-sends';
  return notification.kind === 'webhook_disabled' ? settingsSectionPath('webhooks') : null;
}

const itemClass =
  'flex w-full cursor-pointer gap-3 rounded px-3 py-2.5 text-left outline-none data-[highlighted]:bg-slate-100';

function NotificationRow({ notification, unread }: { notification: Notification; unread: boolean }) {
  const { icon: Icon, tone } = kinds[notification.kind];
  return (
    <>
      <span className={`flex size-8 shrink-0 items-center justify-center rounded-full ${tone}`}>
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span
          className={`block break-words text-sm ${unread ? 'font-medium text-slate-900' : 'text-slate-600'}`}
        >
          {unread && <span className="sr-only">New: </span>}
          {notification.message}
        </span>
        <time
          dateTime={notification.createdAt}
          title={formatDateTime(notification.createdAt)}
          className="mt-0.5 block text-xs text-slate-500"
        >
          {formatDistanceToNow(new Date(notification.createdAt), { addSuffix: true })}
        </time>
      </span>
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-indigo-600' : 'bg-transparent'}`}
      />
    </>
  );
}

/**
 * The bell in the top bar: the unread count as a badge, and a menu of the newest notifications.
 * Opening it marks what it shows read; the list follows the server's live stream.
 */
export function NotificationsMenu() {
  useNotificationStream();
  const notifications = useNotifications();
  const { mutate: markRead } = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  // What was unread when it was shown stays emphasized until the menu closes.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const data = notifications.data;
  const unread = data?.unread ?? 0;
  const badge = unread > 9 ? '9+' : String(unread);

  // What this opening has already asked the server to mark (a failure is not retried in a loop).
  const asked = useRef(new Set<string>());

  // Opening the menu, or a notification arriving while it is open, marks what it shows read.
  useEffect(() => {
    if (!open || !data || data.unread === 0) return;
    const ids = data.items.filter((item) => !item.read).map((item) => item.id);
    const all = ids.length !== data.unread;
    if (all ? asked.current.has('*') : ids.every((id) => asked.current.has(id))) return;
    for (const id of all ? ['*', ...ids] : ids) asked.current.add(id);
    setFresh((previous) => new Set([...previous, ...ids]));
    // Unread ones beyond the newest few are marked too, so the badge clears.
    markRead(all ? undefined : ids);
  }, [open, data, markRead]);

  return (
    <DropdownMenu.Root
      modal={false}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setFresh(new Set());
          asked.current.clear();
        }
      }}
    >
      <DropdownMenu.Trigger
        // The name holds the badge's text as shown, so speech input ("click 9+") finds it too.
        aria-label={unread > 0 ? `Notifications, ${badge} unread` : 'Notifications'}
        className="relative rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-700"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notifications-badge"
            className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-96 max-w-[calc(100vw-1rem)] overflow-hidden rounded-md bg-white shadow-lg ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <p className="text-sm font-semibold text-slate-900">Notifications</p>
            {fresh.size > 0 && (
              <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                {fresh.size} new
              </span>
            )}
          </div>
          {notifications.isPending ? (
            <div className="space-y-2 p-3" role="status" aria-label="Loading notifications">
              {[0, 1].map((n) => (
                <div key={n} className="h-12 animate-pulse rounded bg-slate-100" />
              ))}
            </div>
          ) : notifications.isError ? (
            <p role="alert" className="px-4 py-6 text-center text-sm text-red-700">
              Notifications could not be loaded. Please try again.
            </p>
          ) : data?.items.length === 0 ? (
            <div className="px-4 py-10 text-center">
              <BellOff aria-hidden="true" className="mx-auto size-6 text-slate-400" />
              <p className="mt-2 text-sm font-semibold text-slate-900">No notifications yet</p>
              <p className="mt-1 text-sm text-slate-500">
                You will see here when signers open, sign or decline your contracts.
              </p>
            </div>
          ) : (
            <div className="max-h-[min(28rem,calc(100dvh-6rem))] overflow-y-auto p-1">
              {data?.items.map((notification) => {
                const isUnread = !notification.read || fresh.has(notification.id);
                const page = pageOf(notification);
                return page ? (
                  <DropdownMenu.Item key={notification.id} asChild className={itemClass}>
                    <Link to={page}>
                      <NotificationRow notification={notification} unread={isUnread} />
                    </Link>
                  </DropdownMenu.Item>
                ) : (
                  <DropdownMenu.Item key={notification.id} className={itemClass}>
                    <NotificationRow notification={notification} unread={isUnread} />
                  </DropdownMenu.Item>
                );
              })}
            </div>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
