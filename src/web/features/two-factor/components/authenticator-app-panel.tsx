import { Smartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { TwoFactorStatus } from '../../../../shared/api/two-factor';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatDate } from '../../../lib/dates';
import { fieldErrors } from '../../../lib/field-errors';
import { useConfirmTotp, useDisableTotp, useRefreshSession, useStartTotp } from '../api/two-factor';
import { RecoveryCodesList } from './recovery-codes-list';

/** Setting up, and turning off, an authenticator app (TOTP). */
export function AuthenticatorAppPanel({ status }: { status: TwoFactorStatus }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const refreshSession = useRefreshSession();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  // An account made with Google or Microsoft has no password: a code from the app proves it too.
  const [offByCode, setOffByCode] = useState(false);
  const [offCode, setOffCode] = useState('');

  const enrollment = start.data;
  const confirmErrors = fieldErrors(confirm.error, ['code']);
  // Only the field on screen takes the message: the other way's goes in the banner.
  const disableErrors = fieldErrors(disable.error, [offByCode ? 'code' : 'currentPassword']);
  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.replace(/\s/g, ''), {
      onSuccess: (answer) => {
        setCodes(answer.codes);
        setCode('');
        start.reset();
      },
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <Smartphone aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-medium text-slate-900">Authenticator app</h3>
          <p className="mt-0.5 text-sm text-slate-600">
            {status.totp.enabled && status.totp.enabledAt
              ? `On since ${formatDate(status.totp.enabledAt)}: a 6-digit code from the app is asked after your password.`
              : 'A 6-digit code from an app such as Google Authenticator, 1Password or Authy, asked after your password.'}
          </p>
        </div>
        {!status.totp.enabled && !enrollment && !codes && (
          <Button variant="secondary" loading={start.isPending} onClick={() => start.mutate()}>
            Set up
          </Button>
        )}
        {status.totp.enabled && !turningOff && !codes && (
          <Button variant="secondary" onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
        )}
      </div>
      {start.error && <ErrorBanner>{start.error.message}</ErrorBanner>}

      {enrollment && (
        <form className="space-y-4 rounded-md bg-slate-50 p-4 ring-1 ring-slate-200" onSubmit={onConfirm}>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Scan this QR code with your authenticator app, or type the key in.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            <img
              src={enrollment.qrCode}
              alt="QR code to add Pactum to your authenticator app"
              className="size-44 shrink-0 rounded-md bg-white p-2 ring-1 ring-slate-200"
            />
            <div className="min-w-0 text-sm">
              <p className="text-slate-600">Key to type in instead:</p>
              <p className="mt-1 font-mono text-slate-900 break-all" data-testid="totp-secret">
                {enrollment.secret.match(/.{1,4}/g)?.join(' ')}
              </p>
            </div>
          </div>
          <TextField
            label="Code from the app"
            name="totp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="sm:max-w-60"
            value={code}
            error={confirmErrors.code}
            onChange={(event) => setCode(event.target.value)}
          />
          {confirmErrors.form && <ErrorBanner>{confirmErrors.form}</ErrorBanner>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={confirm.isPending}>
              Turn on
            </Button>
            <Button variant="ghost" onClick={() => start.reset()}>
              Cancel
            </Button>
          </div>
        </form>
      )}

      {codes && (
        <RecoveryCodesList
          codes={codes}
          onDone={() => {
            setCodes(null);
            refreshSession();
          }}
        />
      )}

      {turningOff && (
        <form
          className="space-y-4 rounded-md bg-slate-50 p-4 ring-1 ring-slate-200"
          onSubmit={(event) => {
            event.preventDefault();
            disable.mutate(offByCode ? { code: offCode.replace(/\s/g, '') } : { currentPassword }, {
              onSuccess: () => {
                setTurningOff(false);
                setCurrentPassword('');
                setOffCode('');
              },
            });
          }}
        >
          {offByCode ? (
            <TextField
              label="Code from the app"
              name="disable-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              className="sm:max-w-60"
              value={offCode}
              error={disableErrors.code}
              onChange={(event) => setOffCode(event.target.value)}
            />
          ) : (
            <TextField
              label="Your current password"
              type="password"
              name="current-password"
              autoComplete="current-password"
              className="sm:max-w-80"
              value={currentPassword}
              error={disableErrors.currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
            />
          )}
          <button
            type="button"
            className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
            onClick={() => {
              disable.reset();
              setOffByCode(!offByCode);
            }}
          >
            {offByCode ? 'Use your password instead' : 'Use a code from the app instead'}
          </button>
          {disableErrors.form && <ErrorBanner>{disableErrors.form}</ErrorBanner>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" loading={disable.isPending}>
              Turn off the app
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setTurningOff(false);
                disable.reset();
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
