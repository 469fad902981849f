import { useQuery } from '@tanstack/react-query';
import { Ban, CheckCircle2, Clock, Link2Off, Loader2, Mail, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { InvitationView } from '../../../../shared/api/team';
import { AppError } from '../../../../shared/errors';
import { PublicTopBar } from '../../../app/shell/public-top-bar';
import { TopBarFrame, Wordmark } from '../../../app/shell/top-bar-frame';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { formatDate } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession, useSignOut } from '../../auth/api/session';
import { invitationQuery, useAcceptInvitation } from '../api/team';
import { InvitationSignUpForm } from '../components/invitation-sign-up-form';

const roleWords = { admin: 'an admin', member: 'a member' } as const;

function Frame({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  return (
    <>
      {signedIn ? (
        <TopBarFrame>
          <Wordmark to="/dashboard" />
          <Link to="/dashboard" className="ml-auto text-sm font-medium text-indigo-600 hover:text-indigo-500">
            Go to your dashboard
          </Link>
        </TopBarFrame>
      ) : (
        <PublicTopBar />
      )}
      <main className="flex min-h-screen flex-col justify-center bg-slate-50 px-4 pt-28 pb-12">
        <div className="mx-auto w-full max-w-md rounded-lg bg-white px-6 py-8 shadow-sm ring-1 ring-slate-200 sm:px-10">
          {children}
        </div>
      </main>
    </>
  );
}

function Heading({ icon: Icon, tone, title }: { icon: typeof Mail; tone: string; title: string }) {
  return (
    <div className="text-center">
      <span className={`mx-auto flex size-12 items-center justify-center rounded-full bg-slate-50 ${tone}`}>
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 text-xl font-bold tracking-tight text-slate-900">{title}</h1>
    </div>
  );
}

/** Who invites whom to which organization, as one sentence. */
function Summary({ invitation }: { invitation: InvitationView }) {
  return (
    <p className="mt-3 text-center text-sm text-slate-600">
      <span className="font-medium text-slate-900">{invitation.invitedBy}</span> invited{' '}
      <span className="font-medium text-slate-900 wrap-anywhere">{invitation.email}</span> to join{' '}
      <span className="font-medium text-slate-900">{invitation.organizationName}</span> on Pactum as{' '}
      {roleWords[invitation.role]}.
    </p>
  );
}

const closed = {
  expired: {
    icon: Clock,
    tone: 'text-amber-600',
    title: 'This invitation has expired',
    text: (invitation: InvitationView) =>
      `Invitations work for 7 days; this one ended on ${formatDate(invitation.expiresAt)}. Ask ${invitation.invitedBy} to invite you again.`,
  },
  revoked: {
    icon: Ban,
    tone: 'text-slate-500',
    title: 'This invitation was withdrawn',
    text: (invitation: InvitationView) =>
      `An admin of ${invitation.organizationName} revoked it. Ask ${invitation.invitedBy} if you still need to join.`,
  },
  accepted: {
    icon: CheckCircle2,
    tone: 'text-emerald-600',
    title: 'This invitation has already been accepted',
    text: (invitation: InvitationView) =>
      `${invitation.email} is a member of ${invitation.organizationName}. Sign in with it to get to work.`,
  },
} as const;

/** /invitations/{token}: the public page an invitation e-mail links to. */
export function InvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const invitation = useQuery(invitationQuery(token));
  const accept = useAcceptInvitation(token);
  const signOut = useSignOut();
  useDocumentTitle(invitation.data ? `Join ${invitation.data.organizationName}` : 'Invitation');
  const user = session.data ?? null;
  const here = `/invitations/${token}`;

  if (invitation.isPending || session.isPending) {
    return (
      <Frame signedIn={false}>
        <div role="status" className="flex items-center justify-center gap-2 py-10 text-slate-500">
          <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Opening your invitation…
        </div>
      </Frame>
    );
  }
  if (invitation.isError) {
    return (
      <Frame signedIn={!!user}>
        <ErrorBanner>The invitation could not be loaded: {invitation.error.message}</ErrorBanner>
      </Frame>
    );
  }
  const data = invitation.data;
  if (!data) {
    return (
      <Frame signedIn={!!user}>
        <Heading icon={Link2Off} tone="text-red-600" title="This invitation link is not valid" />
        <p className="mt-3 text-center text-sm text-slate-600">
          Check that you opened the whole link from your e-mail. If it still does not work, ask the person who
          invited you for a new invitation.
        </p>
      </Frame>
    );
  }

  if (data.state !== 'valid') {
    const panel = closed[data.state];
    return (
      <Frame signedIn={!!user}>
        <Heading icon={panel.icon} tone={panel.tone} title={panel.title} />
        <p className="mt-3 text-center text-sm text-slate-600">{panel.text(data)}</p>
        <div className="mt-6 flex justify-center">
          {user ? (
            <ButtonLink to="/dashboard" variant="secondary">
              Go to your dashboard
            </ButtonLink>
          ) : (
            <ButtonLink to="/login" variant="secondary">
              Sign in
            </ButtonLink>
          )}
        </div>
      </Frame>
    );
  }

  const next = encodeURIComponent(here);
  const matching = user && user.email.toLowerCase() === data.email.toLowerCase();

  return (
    <Frame signedIn={!!user}>
      <Heading icon={Mail} tone="text-indigo-600" title={`Join ${data.organizationName}`} />
      <Summary invitation={data} />
      <p className="mt-2 text-center text-xs text-slate-500">
        The invitation works until {formatDate(data.expiresAt)}.
      </p>

      {!user && (
        <div className="mt-6 space-y-4">
          <p className="text-center text-sm text-slate-600">
            Already have an account with{' '}
            <span className="font-medium text-slate-900 wrap-anywhere">{data.email}</span>?
          </p>
          <ButtonLink to={`/login?next=${next}`} variant="secondary" className="w-full">
            Sign in to accept
          </ButtonLink>
          <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" /> or, new to Pactum{' '}
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <InvitationSignUpForm token={token} invitation={data} />
        </div>
      )}

      {matching && (
        <div className="mt-6 space-y-3">
          {accept.error && (
            <ErrorBanner>
              {accept.error instanceof AppError
                ? accept.error.message
                : 'Something went wrong. Please try again.'}
            </ErrorBanner>
          )}
          <Button
            className="w-full"
            loading={accept.isPending}
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: () => navigate('/dashboard', { replace: true }),
                // The invitation may have been revoked or accepted meanwhile: show what it is now.
                onError: () => void invitation.refetch(),
              })
            }
          >
            Accept invitation
          </Button>
          <p className="text-center text-xs text-slate-500">You will switch to {data.organizationName}.</p>
        </div>
      )}

      {user && !matching && (
        <div className="mt-6 space-y-4">
          <div className="flex items-start gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <UserX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              You are signed in as <span className="font-medium wrap-anywhere">{user.email}</span>, but this
              invitation is for <span className="font-medium wrap-anywhere">{data.email}</span>. Sign out,
              then sign in or create an account with that e-mail to accept it.
            </p>
          </div>
          <Button
            variant="secondary"
            className="w-full"
            loading={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            Sign out
          </Button>
        </div>
      )}
    </Frame>
  );
}
