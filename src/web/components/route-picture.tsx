import {
  ArrowDown,
  ArrowRight,
  Ban,
  CheckCircle2,
  Clock,
  Copy,
  Forward,
  PenLine,
  UserRound,
} from 'lucide-react';
import { useId } from 'react';
import type { RouteState } from '../../shared/recipients';
import { type RecipientRole, roleOf } from '../../shared/recipients';

/** One recipient as the picture draws them: the contract page and the signing page each make these. */
export type PictureMember = {
  key: string;
  /** Empty while they are to be named. */
  name: string;
  role: RecipientRole;
  state: RouteState;
  /** The recipient reading the page (the signing page). */
  you?: boolean;
  /** A witness's signer, by name. */
  witnessOf?: string | null;
  /** Who names them, by name, while they are to be named. */
  namedBy?: string | null;
};
export type PictureGroup = { order: number; members: PictureMember[] };

const stateLook: Record<RouteState, { icon: typeof Clock; tone: string; chip: string }> = {
  done: { icon: CheckCircle2, tone: 'text-emerald-700', chip: 'border-emerald-200 bg-emerald-50' },
  acting: {
    icon: PenLine,
    tone: 'text-indigo-700',
    chip: 'border-indigo-400 bg-indigo-50 ring-1 ring-indigo-400',
  },
  copied: { icon: Copy, tone: 'text-slate-600', chip: 'border-slate-200 bg-white' },
  'awaiting-signer': { icon: Clock, tone: 'text-slate-600', chip: 'border-slate-200 bg-white' },
  'awaiting-name': {
    icon: UserRound,
    tone: 'text-amber-800',
    chip: 'border-dashed border-amber-300 bg-amber-50',
  },
  later: { icon: Clock, tone: 'text-slate-600', chip: 'border-slate-200 bg-slate-50' },
  // Set apart by its border, not by fading: at 80% opacity its small grey text failed AA contrast.
  delegated: { icon: Forward, tone: 'text-slate-600', chip: 'border-dashed border-slate-300 bg-slate-50' },
  declined: { icon: Ban, tone: 'text-red-700', chip: 'border-red-200 bg-red-50' },
};

/** Where a recipient stands, in words (the picture never says it by colour alone). */
export function stateText(member: PictureMember): string {
  switch (member.state) {
    case 'done':
      return `${roleOf(member.role).done} ✓`;
    case 'acting':
      return member.role === 'viewer' ? 'Reading now' : 'Acting now';
    case 'copied':
      return 'Copied';
    case 'awaiting-signer':
      return member.witnessOf ? `Waiting for ${member.witnessOf} to sign` : 'Waiting for their signer';
    case 'awaiting-name':
      return member.namedBy ? `To be named by ${member.namedBy}` : 'To be named';
    case 'later':
      return 'Waiting';
    case 'delegated':
      return 'Delegated';
    case 'declined':
      return member.role === 'approver' ? 'Rejected' : 'Declined';
  }
}

const displayName = (member: PictureMember) =>
  member.name || (member.namedBy ? `Named by ${member.namedBy}` : 'To be named');

/** "Waiting on: Alice (Approver), Bob (Signer)", or that nothing is left, or that it stopped. */
export function waitingLine(groups: readonly PictureGroup[]): string {
  const all = groups.flatMap((group) => group.members);
  const stopped = all.find((member) => member.state === 'declined');
  if (stopped) return `Stopped: ${displayName(stopped)} ${stateText(stopped).toLowerCase()}.`;
  const acting = all.filter((member) => member.state === 'acting' || member.state === 'awaiting-name');
  if (acting.length === 0) return 'Everyone has done their part.';
  const who = acting.map((member) => {
    const name = member.you ? 'you' : displayName(member);
    return member.state === 'awaiting-name'
      ? `${member.namedBy ?? 'an earlier recipient'} to name the ${roleOf(member.role).label.toLowerCase()}`
      : `${name} (${roleOf(member.role).label})`;
  });
  return `Waiting on: ${who.join(', ')}`;
}

/**
 * The route of a sent contract at a glance: its groups in order (1 → 2 → 3), side by side on a
 * wide screen and one under the other on a phone, each recipient a chip with name, role and where
 * they stand, and a line saying whom it waits on. A list of headed lists, so it reads aloud too.
 */
export function RoutePicture({
  groups,
  sequential,
  heading = 'Route',
}: {
  groups: readonly PictureGroup[];
  sequential: boolean;
  heading?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-route-picture className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {heading}
        </h2>
        <span className="text-xs text-slate-500">
          {sequential ? 'In order, step by step' : 'All at once'}
        </span>
      </div>
      <ol className="flex flex-col gap-2 sm:flex-row sm:items-stretch sm:overflow-x-auto">
        {groups.map((group, index) => (
          <li key={group.order} className="flex flex-col gap-2 sm:min-w-40 sm:flex-1 sm:flex-row">
            <div className="flex-1 rounded-lg border border-slate-200 bg-white p-3">
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                {sequential ? `Step ${index + 1}` : 'Everyone'}
                {group.members.length > 1 && sequential && (
                  <span className="font-normal normal-case tracking-normal"> · together</span>
                )}
              </h3>
              <ul className="mt-2 space-y-2">
                {group.members.map((member) => (
                  <RouteChip key={member.key} member={member} />
                ))}
              </ul>
            </div>
            {index < groups.length - 1 && (
              <span aria-hidden="true" className="flex items-center justify-center text-slate-400">
                <ArrowDown className="size-4 sm:hidden" />
                <ArrowRight className="hidden size-4 sm:block" />
              </span>
            )}
          </li>
        ))}
      </ol>
      <p className="text-sm font-medium text-slate-800">{waitingLine(groups)}</p>
    </section>
  );
}

function RouteChip({ member }: { member: PictureMember }) {
  const look = stateLook[member.state];
  const Icon = look.icon;
  const role = roleOf(member.role).label;
  return (
    <li className={`flex items-start gap-2 rounded-md border px-2.5 py-2 ${look.chip}`}>
      <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${look.tone}`} />
      <div className="min-w-0">
        <p className="break-words text-sm font-medium text-slate-900" dir="auto">
          {displayName(member)}
          {/* A space, not only a margin: a screen reader otherwise reads the name and "you" as one word. */}
          {member.you && (
            <>
              {' '}
              <span className="rounded bg-indigo-600 px-1.5 text-xs text-white">you</span>
            </>
          )}
        </p>
        <p className="text-xs text-slate-600">
          {role}
          {member.role === 'witness' && member.witnessOf ? ` of ${member.witnessOf}` : ''}
          {' · '}
          <span className={`font-medium ${look.tone}`}>{stateText(member)}</span>
        </p>
      </div>
    </li>
  );
}
