import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { SecondFactorMethod } from '../../../../shared/api/two-factor';
import { AppError } from '../../../../shared/errors';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useCompleteSecondFactor } from '../api/two-factor';

/**
 * The second step of a sign-in: a code from the app, a passkey, or a recovery code, whichever the
 * account has. Signed in once one passes; `onDone` then goes on.
 */
export function SecondFactorForm({
  methods,
  onDone,
  onStartOver,
  intro = 'Your password was right. To finish signing in, confirm it is you with your second factor.',
}: {
  methods: SecondFactorMethod[];
  onDone: () => void;
  onStartOver: () => void;
  /** What passed so far and why a second factor is asked (a sign-in or a password reset). */
  intro?: string;
}) {
  const complete = useCompleteSecondFactor();
  // Without an app, the passkey button is the way; a recovery code is a step aside.
  const initial = methods.includes('totp') ? 'totp' : null;
  const [mode, setMode] = useState<'totp' | 'recovery-code' | null>(initial);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const expired = complete.error instanceof AppError && complete.error.code === 'SECOND_FACTOR_EXPIRED';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (complete.isPending) return;
    complete.mutate(mode === 'totp' ? { code: code.replace(/\s/g, '') } : { recoveryCode }, {
      onSuccess: onDone,
      onError: (error) => {
        if (mode !== 'totp') return;
        setCode('');
        // App codes are refused for the day: the message says why, and a recovery code is the way on.
        if (
          error instanceof AppError &&
          error.code === 'AUTHENTICATOR_LOCKED' &&
          methods.includes('recovery-code')
        )
          setMode('recovery-code');
      },
    });
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{intro}</p>
      {complete.error && (
        <ErrorBanner>
          {complete.error.message}{' '}
          {expired && (
            <button type="button" className="font-medium underline" onClick={onStartOver}>
              Sign in again
            </button>
          )}
        </ErrorBanner>
      )}
      {methods.includes('passkey') && (
        <Button
          className="w-full"
          variant={methods.includes('totp') ? 'secondary' : 'primary'}
          loading={complete.isPending && complete.variables && 'passkey' in complete.variables}
          onClick={() => complete.mutate({ passkey: true }, { onSuccess: onDone })}
        >
          <KeyRound aria-hidden="true" className="size-4" /> Use a passkey
        </Button>
      )}
      {mode && (
        <form className="space-y-5" onSubmit={onSubmit} aria-label="Second factor">
          {mode === 'totp' ? (
            <TextField
              label="Code from your authenticator app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          ) : (
            <TextField
              label="Recovery code"
              name="recovery-code"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              required
              autoFocus
              placeholder="xxxxx-xxxxx"
              value={recoveryCode}
              onChange={(event) => setRecoveryCode(event.target.value)}
            />
          )}
          <Button
            type="submit"
            className="w-full"
            loading={
              complete.isPending && complete.variables !== undefined && !('passkey' in complete.variables)
            }
          >
            Verify
          </Button>
        </form>
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {methods.includes('recovery-code') && (
          <button
            type="button"
            className="font-medium text-indigo-600 hover:text-indigo-500"
            onClick={() => {
              complete.reset();
              setMode(mode === 'recovery-code' ? initial : 'recovery-code');
            }}
          >
            {mode !== 'recovery-code'
              ? 'Use a recovery code'
              : initial === 'totp'
                ? 'Use your app instead'
                : 'Back'}
          </button>
        )}
        <button
          type="button"
          className="font-medium text-slate-600 hover:text-slate-500"
          onClick={onStartOver}
        >
          Start over
        </button>
      </div>
    </div>
  );
}
