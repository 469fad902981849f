import { useQuery } from '@tanstack/react-query';
import { Check, Copy, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { CalendarFeed } from '../../../../shared/api/deadlines';
import { termLimits } from '../../../../shared/terms';
import { ProfileSection, SectionBody } from '../../../components/profile-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { fieldErrors } from '../../../lib/field-errors';
import { deadlinePreferencesQuery, useDeadlinePreferenceChanges } from '../api/deadlines';

function LeadTimes({ leadDays }: { leadDays: number[] }) {
  const { update } = useDeadlinePreferenceChanges();
  const [typed, setTyped] = useState('');
  const [sent, setSent] = useState<string | undefined>();
  const errors = fieldErrors(update.error, ['leadDays'], {
    sent: { leadDays: sent },
    current: { leadDays: typed },
  });
  const add = (event: FormEvent) => {
    event.preventDefault();
    const days = Number(typed);
    if (typed.trim() === '' || !Number.isFinite(days)) return;
    setSent(typed);
    update.mutate({ leadDays: [...leadDays, days] }, { onSuccess: () => setTyped('') });
  };
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-900">Remind me</h3>
      <ul aria-label="Lead times" className="mt-2 flex flex-wrap gap-2">
        {leadDays.map((days) => (
          <li
            key={days}
            className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-3 text-sm text-slate-800"
          >
            {days === 0 ? 'On the day' : `${days} ${days === 1 ? 'day' : 'days'} before`}
            <button
              type="button"
              aria-label={`Remove the reminder ${days} days before`}
              onClick={() => update.mutate({ leadDays: leadDays.filter((other) => other !== days) })}
              className="rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
        {leadDays.length === 0 && (
          <li className="text-sm text-slate-600">No reminders: only the calendar feed.</li>
        )}
      </ul>
      {leadDays.length < termLimits.leadTimes && (
        <form onSubmit={add} noValidate className="mt-3 flex items-end gap-2" aria-label="Add a lead time">
          <TextField
            label="Days before a deadline"
            type="number"
            min={0}
            max={termLimits.leadDays}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={errors.leadDays}
            className="w-48"
          />
          <Button type="submit" variant="secondary" disabled={typed.trim() === ''} loading={update.isPending}>
            Add
          </Button>
        </form>
      )}
      {errors.form && (
        <div className="mt-3">
          <ErrorBanner>{errors.form}</ErrorBanner>
        </div>
      )}
    </div>
  );
}

function FeedControls({ feed }: { feed: { createdAt: string } | null }) {
  const { makeFeed, revokeFeed } = useDeadlinePreferenceChanges();
  const [made, setMade] = useState<CalendarFeed | null>(null);
  const [copied, setCopied] = useState(false);
  const copy = async (url: string) => {
    setCopied(
      await (navigator.clipboard?.writeText(url) ?? Promise.reject()).then(
        () => true,
        () => false,
      ),
    );
  };
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-900">Calendar feed</h3>
      <p className="mt-1 text-sm text-slate-600">
        Subscribe to the deadlines of the contracts you own or watch in Google Calendar, Outlook or Apple
        Calendar. The address is a secret: anyone who has it sees those deadlines.
      </p>
      {made ? (
        <div className="mt-3 rounded-md bg-emerald-50 p-3 ring-1 ring-emerald-200">
          <p className="text-sm font-medium text-emerald-900">
            Your feed's address, shown only now: copy it into your calendar application.
          </p>
          <div className="mt-2 flex items-center gap-1">
            <input
              aria-label="Calendar feed address"
              readOnly
              value={made.url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-9 min-w-0 flex-1 rounded-md border-0 bg-white px-2 font-mono text-xs text-slate-800 ring-1 ring-inset ring-slate-300"
            />
            <Button variant="secondary" size="sm" onClick={() => void copy(made.url)}>
              {copied ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              Copy
            </Button>
          </div>
          {copied && (
            <p role="status" className="mt-1 text-xs text-emerald-800">
              Copied to the clipboard.
            </p>
          )}
        </div>
      ) : feed ? (
        <p className="mt-3 text-sm text-slate-700">On since {formatDateTime(feed.createdAt)}.</p>
      ) : (
        <p className="mt-3 text-sm text-slate-700">Off.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          loading={makeFeed.isPending}
          onClick={() =>
            makeFeed.mutate(undefined, {
              onSuccess: (answer) => {
                setCopied(false);
                setMade(answer);
              },
            })
          }
        >
          {feed ? 'Make a new address' : 'Make a calendar feed'}
        </Button>
        {feed && (
          <Button
            variant="danger"
            size="sm"
            loading={revokeFeed.isPending}
            onClick={() => revokeFeed.mutate(undefined, { onSuccess: () => setMade(null) })}
          >
            Turn off
          </Button>
        )}
      </div>
      {feed && !made && (
        <p className="text-meta mt-2 text-xs">A new address stops the one before from working.</p>
      )}
      {(makeFeed.error || revokeFeed.error) && (
        <div className="mt-3">
          <ErrorBanner>{errorMessage(makeFeed.error ?? revokeFeed.error)}</ErrorBanner>
        </div>
      )}
    </div>
  );
}

/** Profile → Deadline reminders: when I am reminded, one daily digest or one mail each, my calendar feed. */
export function DeadlineRemindersCard() {
  const preferences = useQuery(deadlinePreferencesQuery);
  const { update } = useDeadlinePreferenceChanges();
  const data = preferences.data;
  return (
    <ProfileSection
      id="deadline-reminders"
      title="Deadline reminders"
      description="Before a notice deadline, an end date or a date term of a contract you own or watch, you hear of it in the bell and by e-mail."
    >
      <SectionBody className="space-y-6">
        {preferences.isError && <ErrorBanner>{errorMessage(preferences.error)}</ErrorBanner>}
        {data ? (
          <>
            <LeadTimes leadDays={data.leadDays} />
            <label className="flex items-start gap-3 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={data.digest}
                onChange={(event) => update.mutate({ digest: event.target.checked })}
                className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
              />
              <span>
                <span className="font-medium text-slate-900">Daily digest</span>
                <span className="block text-slate-600">
                  One e-mail a day listing the reminders, instead of one each.
                </span>
              </span>
            </label>
            <FeedControls feed={data.feed} />
          </>
        ) : (
          !preferences.isError && (
            <div
              role="status"
              aria-label="Loading deadline reminders"
              className="h-40 animate-pulse rounded bg-slate-50"
            />
          )
        )}
      </SectionBody>
    </ProfileSection>
  );
}
