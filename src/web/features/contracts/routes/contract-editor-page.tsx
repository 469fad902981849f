import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { AppError } from '../../../../shared/errors';
import { uuidPattern } from '../../../../shared/uuid';
import { TemplateNotFound } from '../../../components/template-not-found';
import { randomId } from '../../../lib/random-id';
import { contractQuery, templateQuery } from '../api/contracts';
import { ContractForm, type EditorMode } from '../components/contract-form';

/**
 * /contracts/new and /contracts/{id}: an unknown or foreign id falls back to create mode.
 * /templates/new and /templates/{id} (mode 'template'): an unknown or foreign id is 'Template not found'.
 */
export function ContractEditorPage({ mode = 'contract' }: { mode?: EditorMode }) {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const template = mode === 'template';
  const location = useLocation();
  // The id a new contract is created with (a retried save can never make two), fresh each time
  // the page enters create mode.
  const [draft, setDraft] = useState(() => ({ locationKey: location.key, id: randomId() }));
  if (isNew && draft.locationKey !== location.key) setDraft({ locationKey: location.key, id: randomId() });
  const createdHere = id === draft.id;
  // Bumped to start the form afresh from the stored contract (after a conflicting save, on request).
  const [generation, setGeneration] = useState(0);
  const contract = useQuery({
    ...(template ? templateQuery(id) : contractQuery(id)),
    enabled: !isNew && uuidPattern.test(id),
    retry: false,
    // The form copies what it is given once: it must be the server's current version.
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const notFound =
    !isNew &&
    (!uuidPattern.test(id) || (contract.error instanceof AppError && contract.error.status === 404));
  if (notFound && template) return <TemplateNotFound />;
  if (notFound) return <Navigate to="/contracts/new" replace />;
  // A template opened by its contract address gets the template editor.
  if (!template && contract.data?.isTemplate) return <Navigate to={`/templates/${id}`} replace />;
  if (contract.isError) throw contract.error;
  if (!isNew && (!contract.data || !(contract.isFetchedAfterMount || createdHere))) {
    return (
      <div
        className="h-96 animate-pulse rounded-lg bg-slate-100"
        role="status"
        aria-label={template ? 'Loading template' : 'Loading contract'}
      />
    );
  }
  // Keyed by id: after the first save the id is the draft's, so the form and its editor stay as they are.
  return (
    <ContractForm
      key={`${isNew ? draft.id : id}:${generation}`}
      mode={mode}
      newId={draft.id}
      contract={isNew ? undefined : contract.data}
      onReload={async () => {
        await contract.refetch();
        setGeneration((current) => current + 1);
      }}
    />
  );
}
