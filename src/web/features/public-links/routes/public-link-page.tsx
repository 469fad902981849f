import { useQuery } from '@tanstack/react-query';
import { FileSignature, MailCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { PublicLinkStep } from '../../../../shared/api/public-links';
import { embedEvents } from '../../../../shared/embedding/embed-events';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
import { postToEmbedder } from '../../../lib/embed-messages';
import { fieldErrors } from '../../../lib/field-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { publicLinkPageQuery, useConfirmPublicLink, useStartPublicLink } from '../api/public-links';

/**
 * /p/{token} and, in another site's frame, /embed/p/{token}: a template published by its owner.
 * The visitor gives their name and e-mail address (and the code e-mailed to it, when the link asks),
 * and is taken to the signing page of the contract their submission made: in a frame, the embedded
 * signing page, told the embedding origin it was given.
 */
export function PublicLinkPage({ embedded = false }: { embedded?: boolean }) {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = useQuery(publicLinkPageQuery(token));
  const start = useStartPublicLink(token);
  const confirm = useConfirmPublicLink(token);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [visit, setVisit] = useState<{ visitId: string; maskedEmail: string } | null>(null);
  useDocumentTitle(page.data ? `Sign ${page.data.templateTitle}` : 'Sign');

  const onStep = (step: PublicLinkStep) => {
    if (step.step === 'code') return setVisit({ visitId: step.visitId, maskedEmail: step.maskedEmail });
    // In a frame, the embedded signing page, told the origin that embeds it (it writes to it alone).
    if (embedded) postToEmbedder(embedEvents.submitted);
    const origin = search.get('origin');
    const path = !embedded
      ? step.signingPath
      : origin
        ? `${step.embedSigningPath}?origin=${encodeURIComponent(origin)}`
        : step.embedSigningPath;
    navigate(path, { replace: true });
  };

  if (page.isPending) {
    return (
      <Frame>
        <div className="h-48 animate-pulse rounded-lg bg-slate-100" role="status" aria-label="Loading" />
      </Frame>
    );
  }
  if (page.isError) {
    return (
      <Frame>
        <h1 className="text-lg font-semibold text-slate-900">This link cannot be used</h1>
        <p className="mt-2 text-sm text-slate-700">{errorMessage(page.error)}</p>
      </Frame>
    );
  }
  const { organizationName, templateTitle, roleName } = page.data;
  const heading = (
    <header className="mb-5">
      <p className="text-sm font-medium text-indigo-700">{organizationName}</p>
      <h1 className="mt-1 text-xl font-semibold break-words text-slate-900">{templateTitle}</h1>
      <p className="mt-1 text-sm text-slate-600">
        You sign as <span className="font-medium text-slate-800">{roleName}</span>.
      </p>
    </header>
  );

  if (visit) {
    const errors = fieldErrors(confirm.error, ['code']);
    const onConfirm = (event: FormEvent) => {
      event.preventDefault();
      confirm.mutate({ visitId: visit.visitId, code: code.trim() }, { onSuccess: onStep });
    };
    return (
      <Frame>
        {heading}
        <form className="space-y-4" onSubmit={onConfirm}>
          <div role="status" className="flex items-start gap-3 text-sm text-slate-700">
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
            <p>
              We e-mailed a six-digit code to <span className="font-medium">{visit.maskedEmail}</span>. Enter
              it to confirm your address.
            </p>
          </div>
          {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
          <TextField
            label="Code from the e-mail"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            error={errors.code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" className="w-full" loading={confirm.isPending}>
            Confirm and continue
          </Button>
          <button
            type="button"
            className="w-full text-sm font-medium text-indigo-600 hover:text-indigo-500"
            onClick={() => {
              setVisit(null);
              setCode('');
              confirm.reset();
              start.reset();
            }}
          >
            Use another address, or send a new code
          </button>
        </form>
      </Frame>
    );
  }

  const errors = fieldErrors(start.error, ['name', 'email']);
  const onStart = (event: FormEvent) => {
    event.preventDefault();
    start.mutate({ name, email }, { onSuccess: onStep });
  };
  return (
    <Frame>
      {heading}
      <form className="space-y-4" onSubmit={onStart}>
        {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          maxLength={200}
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={320}
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p className="text-xs text-slate-600">
          {page.data.requireEmailCode
            ? 'We e-mail you a code to confirm your address, then you read and sign the document.'
            : 'Next you read the document and sign it.'}{' '}
          A copy of the signed document is e-mailed to you once everyone has signed.
        </p>
        <Button type="submit" className="w-full" loading={start.isPending}>
          {page.data.requireEmailCode ? 'E-mail me a code' : 'Continue to the document'}
        </Button>
      </form>
    </Frame>
  );
}

/** The page's one column: a card in the middle on a wide screen, the whole width on a phone. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="min-h-screen bg-slate-50 px-4 py-8 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
        <p className="mt-4 flex items-center justify-center gap-1.5 text-xs text-slate-600">
          <FileSignature aria-hidden="true" className="size-3.5" />
          Signed with Pactum
        </p>
      </div>
    </main>
  );
}

/** /embed/p/{token}: the same page in another site's frame. */
export function EmbeddedPublicLinkPage() {
  return <PublicLinkPage embedded />;
}
