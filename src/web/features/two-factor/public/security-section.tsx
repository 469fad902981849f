import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { ProfileSection, SectionBody } from '../../../components/profile-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { useRegenerateRecoveryCodes, useTwoFactorStatus } from '../api/two-factor';
import { AuthenticatorAppPanel } from '../components/authenticator-app-panel';
import { PasskeysPanel } from '../components/passkeys-panel';
import { RecoveryCodesList } from '../components/recovery-codes-list';

/** Recovery codes left, and ten new ones on request (shown once). */
function RecoveryCodesPanel({ left }: { left: number }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-medium text-slate-900">Recovery codes</h3>
          <p className="mt-0.5 text-sm text-slate-600" data-testid="recovery-codes-left">
            {left === 0
              ? 'None left. Make new ones so you can still sign in without your phone or passkey.'
              : `${left} of 10 left. Each signs you in once if you lose your phone or passkey.`}
          </p>
        </div>
        {!codes && (
          <Button
            variant="secondary"
            loading={regenerate.isPending}
            onClick={() => regenerate.mutate(undefined, { onSuccess: (answer) => setCodes(answer.codes) })}
          >
            {left === 0 ? 'Make codes' : 'Make new codes'}
          </Button>
        )}
      </div>
      {regenerate.error && <ErrorBanner>{regenerate.error.message}</ErrorBanner>}
      {codes && <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />}
    </div>
  );
}

/** Profile, Security: two-factor sign-in with an app, passkeys and recovery codes. */
export function SecuritySection() {
  const status = useTwoFactorStatus();
  const data = status.data;
  const on = data ? data.totp.enabled || data.passkeys.length > 0 : false;
  return (
    <ProfileSection
      id="profile-security"
      title="Security"
      description={
        data?.requiredByOrganization
          ? 'Your organization requires two-factor sign-in: an authenticator app or a passkey.'
          : 'Two-factor sign-in: after your password, a code from your phone or a passkey proves it is you.'
      }
      action={
        data && (
          <span
            className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${
              on ? 'bg-green-50 text-green-700 ring-green-200' : 'bg-slate-50 text-slate-600 ring-slate-200'
            }`}
          >
            Two-factor sign-in {on ? 'on' : 'off'}
          </span>
        )
      }
    >
      <SectionBody className="space-y-6">
        {data ? (
          <>
            <AuthenticatorAppPanel status={data} />
            <div className="border-t border-slate-100 pt-6">
              <PasskeysPanel status={data} />
            </div>
            {on && (
              <div className="border-t border-slate-100 pt-6">
                <RecoveryCodesPanel left={data.recoveryCodesLeft} />
              </div>
            )}
          </>
        ) : status.isError ? (
          <ErrorBanner>Two-factor sign-in could not be loaded: {status.error.message}</ErrorBanner>
        ) : (
          <div
            role="status"
            aria-label="Loading security"
            className="h-32 animate-pulse rounded-md bg-slate-100"
          />
        )}
      </SectionBody>
    </ProfileSection>
  );
}
