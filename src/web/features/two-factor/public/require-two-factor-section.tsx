import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import {
  twoFactorRequirementQuery,
  twoFactorStatusQuery,
  useSetTwoFactorRequirement,
} from '../api/two-factor';

const profileLink = (
  <Link to="/profile" className="font-medium text-indigo-600 hover:text-indigo-500">
    set it up in your profile
  </Link>
);

/**
 * Settings: whether every member must sign in with a second factor. An admin without one of
 * their own is told why the server will refuse to require it (it would lock them out first);
 * the hint describes the checkbox rather than being part of its name.
 */
export function RequireTwoFactorSection({ canEdit }: { canEdit: boolean }) {
  const requirement = useQuery(twoFactorRequirementQuery);
  const own = useQuery({ ...twoFactorStatusQuery, enabled: canEdit });
  const change = useSetTwoFactorRequirement();
  const boxId = useId();
  const hintId = useId();
  const required = change.isPending ? (change.variables ?? false) : (requirement.data?.required ?? false);
  const hasOwnFactor = own.data ? own.data.totp.enabled || own.data.passkeys.length > 0 : null;
  const hint =
    canEdit && hasOwnFactor === false ? (
      requirement.data?.required ? (
        <>It is required, but you have no second factor yourself yet: {profileLink}.</>
      ) : (
        <>To require it of everyone you need it yourself first: {profileLink}.</>
      )
    ) : null;
  return (
    <SettingsSection
      id="two-factor"
      title="Two-factor sign-in"
      description="Require every member to sign in with an authenticator app or a passkey after their password. Members who have neither are asked to set one up before they can do anything else."
    >
      <div className="flex items-start gap-3 text-sm text-slate-800">
        <input
          id={boxId}
          type="checkbox"
          aria-describedby={hint ? hintId : undefined}
          className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600 disabled:opacity-50"
          checked={required}
          disabled={!canEdit || !requirement.data || change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
        />
        <div>
          <label htmlFor={boxId} className="font-medium">
            Require two-factor sign-in for everyone in the organization
          </label>
          {hint && (
            <p id={hintId} className="mt-0.5 text-slate-600">
              {hint}
            </p>
          )}
        </div>
      </div>
      {change.error && (
        <div className="mt-3">
          <ErrorBanner>{change.error.message}</ErrorBanner>
        </div>
      )}
      {requirement.error && <ErrorBanner>{requirement.error.message}</ErrorBanner>}
    </SettingsSection>
  );
}
