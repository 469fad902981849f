import { CheckCircle2, KeyRound, Lock, MailCheck, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { SigningSession } from '../../../../shared/api/signing';
import { AppError } from '../../../../shared/errors';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
import { useConfirmEmailCode, useEnterAccessCode, useMarkLocked, useSendEmailCode } from '../api/signing';

const messageOf = (error: unknown) => errorMessage(error);
const isLocked = (error: unknown) => error instanceof AppError && error.code === 'SIGNER_LOCKED';

/**
 * What a signer sees before the document when the sender asked them to prove who they are: the
 * access code the sender shared, and/or a one-time code e-mailed to them. Nothing of the
 * document is loaded until every check passes.
 */
export function SignerCheckPanel({ token, session }: { token: string; session: SigningSession }) {
  const { authentication, signerId } = session;
  if (authentication.locked) return <LockedPanel />;
  const both = authentication.accessCode !== 'not_required' && authentication.emailCode !== 'not_required';
  return (
    <Card className="mx-auto max-w-md p-6 sm:p-8">
      <ShieldCheck aria-hidden="true" className="size-10 text-indigo-600" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Confirm it is you</h1>
      <p className="mt-2 text-sm text-slate-600">
        The sender asked {both ? 'for two checks' : 'for a check'} before this document opens for you.
      </p>
      <div className="mt-6 space-y-6">
        {authentication.accessCode !== 'not_required' && (
          <AccessCodeStep
            token={token}
            signerId={signerId}
            passed={authentication.accessCode === 'passed'}
            step={both ? 1 : undefined}
          />
        )}
        {authentication.emailCode !== 'not_required' && (
          <EmailCodeStep
            token={token}
            signerId={signerId}
            passed={authentication.emailCode === 'passed'}
            maskedEmail={authentication.maskedEmail}
            step={both ? 2 : undefined}
          />
        )}
      </div>
    </Card>
  );
}

function StepHeading({
  icon: Icon,
  step,
  children,
}: {
  icon: typeof KeyRound;
  step?: number;
  children: string;
}) {
  return (
    <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
      <Icon aria-hidden="true" className="size-4 text-slate-500" />
      {step ? `${step}. ${children}` : children}
    </h2>
  );
}

function Passed({ children }: { children: string }) {
  return (
    <p className="mt-2 flex items-center gap-2 text-sm text-emerald-700">
      <CheckCircle2 aria-hidden="true" className="size-4" /> {children}
    </p>
  );
}

function AccessCodeStep({
  token,
  signerId,
  passed,
  step,
}: {
  token: string;
  signerId: string;
  passed: boolean;
  step?: number;
}) {
  const [code, setCode] = useState('');
  const enter = useEnterAccessCode(token, signerId);
  const markLocked = useMarkLocked(token);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enter.mutate(code, { onError: (error) => isLocked(error) && markLocked() });
  };
  return (
    <section>
      <StepHeading icon={KeyRound} step={step}>
        Access code
      </StepHeading>
      {passed ? (
        <Passed>Access code accepted</Passed>
      ) : (
        <form className="mt-2 space-y-3" onSubmit={submit} noValidate>
          <p className="text-sm text-slate-600">
            The sender gave you this code separately, by phone, message or in person. It is not in the e-mail.
          </p>
          <TextField
            label="Access code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            error={enter.error ? messageOf(enter.error) : undefined}
          />
          <Button type="submit" className="w-full" disabled={!code} loading={enter.isPending}>
            Continue
          </Button>
        </form>
      )}
    </section>
  );
}

function EmailCodeStep({
  token,
  signerId,
  passed,
  maskedEmail,
  step,
}: {
  token: string;
  signerId: string;
  passed: boolean;
  maskedEmail: string;
  step?: number;
}) {
  const [code, setCode] = useState('');
  const send = useSendEmailCode(signerId);
  const confirm = useConfirmEmailCode(token, signerId);
  const markLocked = useMarkLocked(token);
  // Once a code was sent (or the signer says they have one), the box to enter it stays.
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim(), { onError: (error) => isLocked(error) && markLocked() });
  };
  const sendCode = () => {
    confirm.reset();
    send.mutate(undefined, {
      onSuccess: () => setSent(true),
      onError: (error) => isLocked(error) && markLocked(),
    });
  };
  return (
    <section>
      <StepHeading icon={MailCheck} step={step}>
        Code by e-mail
      </StepHeading>
      {passed ? (
        <Passed>E-mailed code confirmed</Passed>
      ) : (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-slate-600">
            {send.isSuccess
              ? `We sent a 6-digit code to ${maskedEmail}. It works once, for 10 minutes.`
              : sent
                ? `Enter the 6-digit code we e-mailed to ${maskedEmail}. It works once, for 10 minutes.`
                : `We will e-mail a 6-digit code to ${maskedEmail}, the address this document was sent to.`}
          </p>
          {send.error && (
            <p role="alert" className="text-sm text-red-700">
              {messageOf(send.error)}
            </p>
          )}
          {send.isSuccess && (
            <p role="status" className="sr-only">
              Code sent
            </p>
          )}
          {sent ? (
            <form className="space-y-3" onSubmit={submit} noValidate>
              <TextField
                label="Code from the e-mail"
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/[^0-9]/g, ''))}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
                error={confirm.error ? messageOf(confirm.error) : undefined}
              />
              <Button
                type="submit"
                className="w-full"
                disabled={code.length !== 6}
                loading={confirm.isPending}
              >
                Confirm
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="w-full"
                onClick={sendCode}
                loading={send.isPending}
              >
                Send a new code
              </Button>
            </form>
          ) : (
            <div className="space-y-2">
              <Button
                variant={step === 2 ? 'secondary' : 'primary'}
                className="w-full"
                onClick={sendCode}
                loading={send.isPending}
              >
                Send me a code
              </Button>
              <Button variant="ghost" size="sm" className="w-full" onClick={() => setSent(true)}>
                I already have a code
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

function LockedPanel() {
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <Lock aria-hidden="true" className="mx-auto size-10 text-red-600" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">This document is locked for you</h1>
      <p className="mt-3 text-sm text-slate-600">
        Too many wrong codes were entered, so the document stays closed. The sender has been told. Ask them to
        send you a new link: it lets you try again.
      </p>
    </Card>
  );
}
