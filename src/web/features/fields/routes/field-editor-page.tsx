import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Contract } from '../../../../shared/api/contracts';
import { AppError } from '../../../../shared/errors';
import { isEditable } from '../../../../shared/statuses';
import { uuidPattern } from '../../../../shared/uuid';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { api } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import { contractQuery, templateQuery } from '../../contracts/api/contracts';
import { FieldEditor } from '../components/field-editor';
import { type SaveState, useFieldDraft } from '../use-field-draft';

type Mode = 'contract' | 'template';

/** /contracts/{id}/fields and /templates/{id}/fields: fields placed on a draft's PDFs. */
export function FieldEditorPage({ mode = 'contract' }: { mode?: Mode }) {
  const { id = '' } = useParams();
  const template = mode === 'template';
  useDocumentTitle('Place fields');
  const contract = useQuery({
    ...(template ? templateQuery(id) : contractQuery(id)),
    enabled: uuidPattern.test(id),
    retry: false,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const back = `/${template ? 'templates' : 'contracts'}/${id}`;
  if (!uuidPattern.test(id) || (contract.error instanceof AppError && contract.error.status === 404)) {
    return <Navigate to={template ? '/templates' : '/contracts'} replace />;
  }
  // A failed refetch behind a page already shown (after a save, on returning to the tab) keeps it.
  if (contract.isError && !contract.data) throw contract.error;
  if (!contract.data || !contract.isFetchedAfterMount) {
    return (
      <div
        className="h-96 animate-pulse rounded-lg bg-slate-100"
        role="status"
        aria-label="Loading the documents"
      />
    );
  }
  const data = contract.data;
  if (!isEditable(data.status) || data.files.length === 0) {
    return (
      <Card className="mx-auto max-w-xl space-y-3 p-6">
        <h1 className="text-lg font-semibold text-slate-900">Place fields</h1>
        <p className="text-sm text-slate-600">
          {data.files.length === 0
            ? 'Fields are placed on the pages of uploaded PDFs. Upload a PDF to this draft first.'
            : `This contract is ${data.status}: its fields can no longer be changed.`}
        </p>
        <Link to={back} className="text-sm font-medium text-indigo-700 underline">
          Back to {data.title || 'the draft'}
        </Link>
      </Card>
    );
  }
  return <FieldEditorScreen key={data.id} contract={data} back={back} template={template} />;
}

/** /templates/{id}/fields: the field editor for a template's roles. */
export function TemplateFieldEditorPage() {
  return <FieldEditorPage mode="template" />;
}

const stateText: Record<SaveState['kind'], string> = {
  saved: 'All changes saved',
  pending: 'Changes not saved yet…',
  saving: 'Saving…',
  failed: 'Not saved',
  stale: 'Not saved',
};

function FieldEditorScreen({
  contract,
  back,
  template,
}: {
  contract: Contract;
  back: string;
  template: boolean;
}) {
  const readStored = useCallback(
    async () =>
      (template
        ? await api.templates.get({ params: { id: contract.id } })
        : await api.contracts.get({ params: { id: contract.id } })
      ).fields,
    [contract.id, template],
  );
  const draft = useFieldDraft(contract.id, contract.fields, contract.revision, readStored);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const leaving = useRef(false);
  const unsaved =
    draft.state.kind === 'pending' || draft.state.kind === 'saving' || draft.state.kind === 'failed';
  useLeaveGuard(unsaved, leaving);

  // Leaves once everything is saved; a refused save stays on the page, saying why.
  const done = async () => {
    if (draft.state.kind !== 'saved' && !(await draft.flush())) return;
    leaving.current = true;
    navigate(back);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={back}
            className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            <span dir="auto" className="truncate">
              {contract.title || 'Untitled'}
            </span>
          </Link>
          <h1 className="text-2xl font-bold text-slate-900">Place fields</h1>
        </div>
        <div className="flex items-center gap-3">
          <p role="status" className="text-sm text-slate-600">
            {stateText[draft.state.kind]}
          </p>
          <Button onClick={() => void done()} disabled={draft.state.kind === 'saving'}>
            Done
          </Button>
        </div>
      </div>
      {draft.state.kind === 'failed' && (
        <ErrorBanner>
          Not saved: {draft.state.message} Your fields stay here; correct it and they are saved.
        </ErrorBanner>
      )}
      {draft.state.kind === 'stale' && (
        <ErrorBanner>
          {draft.state.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => window.location.reload()}>
            Load it again
          </button>
        </ErrorBanner>
      )}
      <FieldEditor contract={contract} draft={draft} initialFile={search.get('file')} />
    </div>
  );
}
