import type { Editor } from '@tiptap/core';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { EditorDocument } from '../../../../shared/api/editor-document';
import type { ReviewView } from '../../../../shared/api/reviews';
import { AppError } from '../../../../shared/errors';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ReviewerCommentsPanel } from '../../comments/public/comments-panel';
import { ContractBodyEditor } from '../../contracts/public/contract-body-editor';
import { useReviewSession, useReviewView, useSuggestChanges } from '../api/reviews';

function Frame({
  children,
  organization,
  wide = false,
}: {
  children: ReactNode;
  organization?: string;
  /** Room for the comments beside the draft. */
  wide?: boolean;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
        <span className="text-lg font-bold tracking-tight text-indigo-600">Pactum</span>
        {organization && <span className="truncate text-sm text-slate-500">for {organization}</span>}
      </header>
      <main className={`mx-auto ${wide ? 'max-w-6xl' : 'max-w-4xl'} px-4 py-6 sm:px-6 sm:py-10`}>
        {children}
      </main>
    </div>
  );
}

const statusLabels = {
  open: 'Waiting for the sender',
  accepted: 'Accepted',
  partly_accepted: 'Partly accepted',
  rejected: 'Rejected',
} as const;

/** /review/{token}: the other side reads the draft and suggests changes. No account; the link is the key. */
export function ReviewPage() {
  const { token = '' } = useParams();
  const session = useReviewSession(token);
  const view = useReviewView(session.data?.reviewerId);
  useDocumentTitle(view.data ? `Review: ${view.data.title}` : 'Review a draft');
  const error = session.error ?? view.error;
  if (error) {
    const ended = error instanceof AppError && error.code === 'REVIEW_CLOSED';
    const unknown = error instanceof AppError && error.status === 404;
    return (
      <Frame>
        <Card className="p-8 text-center">
          <h1 className="text-xl font-semibold text-slate-900">
            {ended
              ? 'This review has ended'
              : unknown
                ? 'This review link is not valid'
                : 'The review could not be opened'}
          </h1>
          <p className="mt-2 text-sm text-slate-600">{errorMessage(error)}</p>
        </Card>
      </Frame>
    );
  }
  if (!view.data) {
    return (
      <Frame>
        <div role="status" className="flex items-center justify-center gap-2 py-24 text-slate-500">
          <Loader2 aria-hidden="true" className="size-5 animate-spin" /> Opening the draft…
        </div>
      </Frame>
    );
  }
  return (
    <Frame organization={view.data.organizationName} wide>
      {/* Keyed by version: a newer version starts a fresh copy to suggest on. */}
      <ReviewForm key={view.data.version.number} view={view.data} />
    </Frame>
  );
}

function ReviewForm({ view }: { view: ReviewView }) {
  const suggest = useSuggestChanges(view.reviewer.id);
  const editor = useRef<Editor | null>(null);
  // The comments panel draws its highlights in the editor, so it takes the editor once made.
  const [shownEditor, setShownEditor] = useState<Editor | null>(null);
  const [note, setNote] = useState('');
  const [changed, setChanged] = useState(false);
  const [sent, setSent] = useState(false);
  const noteId = useId();
  const onReady = useCallback((ready: Editor) => {
    editor.current = ready;
    setShownEditor(ready);
  }, []);
  const onChange = useCallback(() => {
    setChanged(true);
    setSent(false);
  }, []);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{view.title}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {view.senderName} of {view.organizationName} asks you, {view.reviewer.name}, to review version{' '}
          {view.version.number}. Edit the text as you would have it: your edits go to {view.senderName} as
          suggestions, who accepts or rejects each one. To ask or explain, select a passage and comment: your
          comments and their answers are shared between you and {view.organizationName}. Nothing here is
          signed.
        </p>
      </div>
      {suggest.error ? <ErrorBanner>{errorMessage(suggest.error)}</ErrorBanner> : null}
      {sent && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800 ring-1 ring-green-200">
          Your suggestions were sent to {view.senderName}.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="min-w-0 space-y-6">
          <ContractBodyEditor
            initialContent={view.version.content}
            editable
            fields={false}
            onReady={onReady}
            onChange={onChange}
          />
          <div>
            <label htmlFor={noteId} className="block text-sm font-medium text-slate-700">
              A note for {view.senderName} (optional)
            </label>
            <textarea
              id={noteId}
              value={note}
              maxLength={2000}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
              className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-indigo-600"
            />
          </div>
          <div className="flex justify-end">
            <Button
              disabled={!changed}
              loading={suggest.isPending}
              onClick={() => {
                const content = editor.current?.getJSON() as EditorDocument | undefined;
                if (!content) return;
                suggest.mutate(
                  {
                    baseVersion: view.version.number,
                    content,
                    ...(note.trim() ? { note: note.trim() } : {}),
                  },
                  {
                    onSuccess: () => {
                      setSent(true);
                      setChanged(false);
                      setNote('');
                    },
                  },
                );
              }}
            >
              Suggest changes
            </Button>
          </div>
        </div>
        <ReviewerCommentsPanel
          editor={shownEditor}
          reviewerId={view.reviewer.id}
          organizationName={view.organizationName}
        />
      </div>
      {view.suggestions.length > 0 && (
        <Card className="p-5">
          <h2 className="text-sm font-semibold text-slate-900">Your suggestions</h2>
          <ul className="mt-3 space-y-2" aria-label="Your suggestions">
            {view.suggestions.map((suggestion) => (
              <li key={suggestion.id} className="text-sm text-slate-700">
                On version {suggestion.baseVersion}, {formatDateTime(suggestion.createdAt)}:{' '}
                {statusLabels[suggestion.status]}
                {suggestion.status !== 'open' &&
                  ` (${suggestion.accepted} accepted, ${suggestion.rejected} rejected)`}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
