import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { AppError } from '../../../../shared/errors';
import { api } from '../../../lib/api';
import { useProfile } from '../api/profile';

/**
 * For an account made before addresses were confirmed: a line above every page asking to
 * confirm it, with the link sent on request. Confirmed accounts see nothing.
 */
export function EmailVerificationBanner() {
  const profile = useProfile();
  const send = useMutation({
    mutationFn: () => api.profile.sendEmailVerification(),
  });
  if (!profile.data || profile.data.emailVerified) return null;
  return (
    <section
      aria-label="Confirm your e-mail address"
      className="mb-6 flex flex-col gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden="true" className="hidden size-5 shrink-0 sm:block" />
      <p className="min-w-0 flex-1" aria-live="polite">
        {send.isSuccess ? (
          send.data.message
        ) : send.isError ? (
          send.error instanceof AppError ? (
            send.error.message
          ) : (
            'The link could not be sent. Please try again.'
          )
        ) : (
          <>
            Please confirm your e-mail address,{' '}
            <span className="font-medium wrap-anywhere">{profile.data.email}</span>: it protects your account
            and lets you sign in with Google or Microsoft.
          </>
        )}
      </p>
      {!send.isSuccess && (
        <button
          type="button"
          className="shrink-0 self-start rounded-md bg-white px-3 py-1.5 font-medium text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100 disabled:opacity-60 sm:self-auto"
          disabled={send.isPending}
          onClick={() => send.mutate()}
        >
          {send.isPending ? 'Sending…' : 'Send me a link'}
        </button>
      )}
    </section>
  );
}
