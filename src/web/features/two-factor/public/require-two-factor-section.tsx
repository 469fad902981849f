import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { twoFactorRequirementQuery, useSetTwoFactorRequirement } from '../api/two-factor';

/** Settings: whether every member must sign in with a second factor. */
export function RequireTwoFactorSection({ canEdit }: { canEdit: boolean }) {
  const requirement = useQuery(twoFactorRequirementQuery);
  const change = useSetTwoFactorRequirement();
  const required = change.isPending ? (change.variables ?? false) : (requirement.data?.required ?? false);
  return (
    <SettingsSection
      id="two-factor"
      title="Two-factor sign-in"
      description="Require every member to sign in with an authenticator app or a passkey after their password. Members who have neither are asked to set one up before they can do anything else."
    >
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600 disabled:opacity-50"
          checked={required}
          disabled={!canEdit || !requirement.data || change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
        />
        <span>
          <span className="font-medium">Require two-factor sign-in for everyone in the organization</span>
          {canEdit && (
            <span className="mt-0.5 block text-slate-600">
              You need it yourself first:{' '}
              <Link to="/profile" className="font-medium text-indigo-600 hover:text-indigo-500">
                set it up in your profile
              </Link>
              .
            </span>
          )}
        </span>
      </label>
      {change.error && (
        <div className="mt-3">
          <ErrorBanner>{change.error.message}</ErrorBanner>
        </div>
      )}
      {requirement.error && <ErrorBanner>{requirement.error.message}</ErrorBanner>}
    </SettingsSection>
  );
}
