import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useBlocker, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Contract } from '../../../../shared/api/contracts';
import type { EditorDocument } from '../../../../shared/api/editor-document';
import type { ProjectSummary } from '../../../../shared/api/projects';
import { AppError } from '../../../../shared/errors';
import { isEditable } from '../../../../shared/statuses';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { randomId } from '../../../lib/random-id';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProjects } from '../../projects/api/projects';
import { contractQuery, useCreateContract, useSendContract, useUpdateContract } from '../api/contracts';
import { ActivityCard } from '../components/activity-card';
import { ContractBodyEditor } from '../components/contract-body-editor';
import { DetailsCard } from '../components/details-card';
import { DocumentsCard } from '../components/documents-card';
import { type DraftSigner, SignersCard } from '../components/signers-card';
import { SigningStatusCard } from '../components/signing-status-card';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /contracts/new and /contracts/{id}: an unknown or foreign id falls back to create mode. */
export function ContractEditorPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const location = useLocation();
  // The id a new contract is created with (a retried save can never make two), fresh each time
  // the page enters create mode.
  const [draft, setDraft] = useState(() => ({ locationKey: location.key, id: randomId() }));
  if (isNew && draft.locationKey !== location.key) setDraft({ locationKey: location.key, id: randomId() });
  const createdHere = id === draft.id;
  const contract = useQuery({
    ...contractQuery(id),
    enabled: !isNew && uuidPattern.test(id),
    retry: false,
    // The form copies what it is given once: it must be the server's current version.
    staleTime: 0,
    refetchOnMount: 'always',
  });
  if (
    !isNew &&
    (!uuidPattern.test(id) || (contract.error instanceof AppError && contract.error.status === 404))
  ) {
    return <Navigate to="/contracts/new" replace />;
  }
  if (contract.isError) throw contract.error;
  if (!isNew && (!contract.data || !(contract.isFetchedAfterMount || createdHere))) {
    return (
      <div
        className="h-96 animate-pulse rounded-lg bg-slate-100"
        role="status"
        aria-label="Loading contract"
      />
    );
  }
  // Keyed by id: after the first save the id is the draft's, so the form and its editor stay as they are.
  return (
    <ContractForm key={isNew ? draft.id : id} newId={draft.id} contract={isNew ? undefined : contract.data} />
  );
}

function toDateInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A picked day expires at the end of that day, in the sender's time zone. */
function fromDateInput(value: string): string | null {
  return value ? new Date(`${value}T23:59:59.999`).toISOString() : null;
}

function ContractForm({ contract, newId }: { contract: Contract | undefined; newId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const projects = useProjects();
  const [title, setTitle] = useState(contract?.title ?? '');
  const [signers, setSigners] = useState<DraftSigner[]>(
    contract?.signers.map(({ id, name, email }) => ({ id, name, email })) ?? [],
  );
  const [sequential, setSequential] = useState(contract?.sequential ?? false);
  const [expiresOn, setExpiresOn] = useState(toDateInput(contract?.expiresAt ?? null));
  const [projectId, setProjectId] = useState(contract?.projectId ?? params.get('projectId') ?? '');
  const [dirty, setDirty] = useState(false);
  // Counts edits, so a save only marks the form clean if nothing was typed while it ran.
  const version = useRef(0);
  const mounted = useRef(true);
  const leavingAfterSave = useRef(false);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const editorRef = useRef<Editor | null>(null);
  const create = useCreateContract();
  const update = useUpdateContract();
  const send = useSendContract();
  const busy = create.isPending || update.isPending || send.isPending;
  const error = create.error ?? update.error ?? send.error;
  const editable = contract ? isEditable(contract.status) : true;
  useDocumentTitle(contract ? 'Edit Contract' : 'Create Contract');

  // Preselect what the server would choose: the organization's first (oldest) project.
  useEffect(() => {
    const first = projects.data?.reduce<ProjectSummary | undefined>(
      (oldest, project) => (!oldest || project.createdAt < oldest.createdAt ? project : oldest),
      undefined,
    );
    if (!projectId && first) setProjectId(first.id);
  }, [projectId, projects.data]);

  const markDirty = useCallback(() => {
    version.current += 1;
    setDirty(true);
  }, []);
  const onEditorReady = useCallback((editor: Editor) => {
    editorRef.current = editor;
  }, []);

  // Leaving with unsaved changes asks first, inside the app and when closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leavingAfterSave.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // Asked once per blocked navigation, even when the page re-renders before the answer lands.
  const askedFor = useRef<string | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      askedFor.current = null;
      return;
    }
    if (askedFor.current === blocker.location.key) return;
    askedFor.current = blocker.location.key;
    if (window.confirm('You have unsaved changes. Leave without saving?')) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      markDirty();
    };

  /** Saves what is on screen; resolves to the saved contract. */
  const save = async (): Promise<Contract> => {
    const savingVersion = version.current;
    const fields = {
      title: title.trim(),
      content: editorRef.current?.getJSON() as EditorDocument | undefined,
      signers: signers.map(({ id, name, email }) => ({ id, name, email })),
      expiresAt: fromDateInput(expiresOn),
      ...(projectId ? { projectId } : {}),
    };
    const saved = contract
      ? await update.mutateAsync({ id: contract.id, ...fields })
      : await create.mutateAsync({ id: newId, ...fields });
    if (version.current === savingVersion) setDirty(false);
    return saved;
  };

  /** After the first save the address becomes the contract's, unless the user has left the page. */
  const showSaved = (id: string) => {
    if (contract || !mounted.current) return;
    leavingAfterSave.current = true;
    navigate(`/contracts/${id}`, { replace: true });
    leavingAfterSave.current = false;
  };

  const onSave = async () => {
    send.reset();
    const saved = await save().catch(() => null);
    if (saved) showSaved(saved.id);
  };

  const onSend = async () => {
    const saved = await save().catch(() => null);
    if (!saved) return;
    await send.mutateAsync({ id: saved.id, sequential: sequential && signers.length > 1 }).catch(() => null);
    showSaved(saved.id);
  };

  const canSave = title.trim().length > 0 && !busy;
  const canSend = canSave && signers.length > 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Button
            variant="ghost"
            size="sm"
            // Opened directly (no earlier page in this tab): back means the dashboard.
            onClick={() => (location.key === 'default' ? navigate('/dashboard') : navigate(-1))}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </Button>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            {contract ? 'Edit Contract' : 'Create Contract'}
          </h1>
        </div>
        {editable && (
          <div className="flex gap-3">
            <Button
              variant="secondary"
              disabled={!canSave}
              loading={create.isPending || update.isPending}
              onClick={onSave}
            >
              Save Draft
            </Button>
            <Button disabled={!canSend} loading={send.isPending} onClick={onSend}>
              Send for Signing
            </Button>
          </div>
        )}
      </div>

      {error && (
        <ErrorBanner>
          {error === send.error
            ? 'The contract was saved but could not be sent: '
            : 'The contract could not be saved: '}
          {error.message}
        </ErrorBanner>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2" data-tour="editor">
          <div>
            <label htmlFor="contract-title" className="block text-sm font-medium text-slate-700">
              Contract Title
            </label>
            <input
              id="contract-title"
              value={title}
              readOnly={!editable}
              placeholder="Enter contract title"
              maxLength={200}
              onChange={(event) => change(setTitle)(event.target.value)}
              className={`mt-1 block h-11 w-full rounded-md border-0 px-3 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 ${editable ? 'bg-white' : 'bg-slate-50'}`}
            />
          </div>
          <ContractBodyEditor
            initialContent={contract?.content}
            editable={editable}
            onReady={onEditorReady}
            onChange={markDirty}
          />
        </div>
        <div className="space-y-4">
          <DetailsCard
            status={contract?.status ?? 'draft'}
            createdAt={contract?.createdAt ?? null}
            expiresOn={expiresOn}
            projectId={projectId}
            projects={projects.data ?? []}
            editable={editable}
            onExpiresOnChange={change(setExpiresOn)}
            onProjectChange={change(setProjectId)}
          />
          {contract && !editable ? (
            <>
              <SigningStatusCard contract={contract} />
              <DocumentsCard contract={contract} />
            </>
          ) : (
            <SignersCard
              signers={signers}
              editable={editable}
              onChange={change(setSigners)}
              sequential={sequential}
              onSequentialChange={setSequential}
            />
          )}
        </div>
      </div>
      {contract && !editable && <ActivityCard contract={contract} />}
    </div>
  );
}
