import { ErrorBanner } from '../../../components/ui/banner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DeadlineRemindersCard } from '../../deadlines/public/deadline-reminders-card';
import { SecuritySection } from '../../two-factor/public/security-section';
import { useProfile } from '../api/profile';
import { AvatarCard } from '../components/avatar-card';
import { DetailsCard } from '../components/details-card';
import { PasswordCard } from '../components/password-card';
import { SessionsCard } from '../components/sessions-card';

/** /profile: the signed-in user's name, e-mail, avatar, password, deadline reminders and sessions. */
export function ProfilePage() {
  useDocumentTitle('Your Profile');
  const profile = useProfile();

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Your Profile</h1>
        <p className="mt-1 text-slate-600">
          Your details, your avatar, your password, deadline reminders, two-factor sign-in and where you are
          signed in.
        </p>
      </div>
      {profile.data ? (
        <>
          <DetailsCard profile={profile.data} />
          <AvatarCard profile={profile.data} />
          <PasswordCard email={profile.data.email} />
        </>
      ) : profile.isError ? (
        <ErrorBanner>
          Your profile could not be loaded: {profile.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void profile.refetch()}>
            Try again
          </button>
        </ErrorBanner>
      ) : (
        <div role="status" aria-label="Loading profile" className="space-y-6">
          {[0, 1, 2].map((n) => (
            <div key={n} className="h-48 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      )}
      <DeadlineRemindersCard />
      <SecuritySection />
      <SessionsCard />
    </div>
  );
}
