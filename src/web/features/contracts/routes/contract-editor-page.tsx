import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useBlocker, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { listOfNames } from '../../../../editor/merge-field-values';
import type { Contract } from '../../../../shared/api/contracts';
import type { EditorDocument } from '../../../../shared/api/editor-document';
import type { ProjectSummary } from '../../../../shared/api/projects';
import { AppError } from '../../../../shared/errors';
import { isEditable } from '../../../../shared/statuses';
import { uuidPattern } from '../../../../shared/uuid';
import { TemplateNotFound } from '../../../components/template-not-found';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { api } from '../../../lib/api';
import { importedOf } from '../../../lib/docx-transfer';
import { randomId } from '../../../lib/random-id';
import { type FromTemplateState, fromTemplateOf, roleEmail } from '../../../lib/template-roles';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { contractApprovalQuery } from '../../approvals/api/approvals';
import { ApprovalsCard } from '../../approvals/public/approvals-card';
import { CommentsPanel } from '../../comments/public/comments-panel';
import { useProjects } from '../../projects/api/projects';
import { ReviewCard } from '../../reviews/public/review-card';
import { VersionsCard } from '../../versions/public/versions-card';
import {
  contractQuery,
  templateQuery,
  useCreateContract,
  useSendContract,
  useUpdateContract,
} from '../api/contracts';
import { ActivityCard } from '../components/activity-card';
import { ConflictBanner } from '../components/conflict-banner';
import { ContractBodyEditor } from '../components/contract-body-editor';
import { DetailsCard } from '../components/details-card';
import { DocumentsCard } from '../components/documents-card';
import { EditorDocxActions } from '../components/editor-docx-actions';
import { ImportNoticesBanner } from '../components/import-notices-banner';
import { MergeFieldsPanel } from '../components/merge-fields-panel';
import { RolesCard } from '../components/roles-card';
import { accessCodeProblem } from '../components/signer-checks';
import { type DraftSigner, SignersCard } from '../components/signers-card';
import { SigningStatusCard } from '../components/signing-status-card';

/**
 * A contract, or (mode 'template') a template: the same editor, where a template has roles instead
 * of signers, no expiry or project, and is saved but never sent.
 */
export type EditorMode = 'contract' | 'template';

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

function toDateInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A picked day expires at the end of that day, in the sender's time zone. */
function fromDateInput(value: string): string | null {
  return value ? new Date(`${value}T23:59:59.999`).toISOString() : null;
}

const headings: Record<EditorMode, { create: string; edit: string }> = {
  contract: { create: 'Create Contract', edit: 'Edit Contract' },
  template: { create: 'Create Template', edit: 'Edit Template' },
};

function ContractForm({
  contract,
  newId,
  mode,
  onReload,
}: {
  contract: Contract | undefined;
  newId: string;
  mode: EditorMode;
  /** Starts the form afresh from the stored contract. */
  onReload: () => Promise<void>;
}) {
  const template = mode === 'template';
  const navigate = useNavigate();
  const location = useLocation();
  // Just made from a template: its roles still need their people, and its fields their values.
  const fromTemplate = template ? null : fromTemplateOf(location.state);
  const [pendingRoles, setPendingRoles] = useState<string[]>(fromTemplate?.roles ?? []);
  const [fieldsOpen, setFieldsOpen] = useState(fromTemplate?.fillFields ?? false);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // What a .docx import left out: from the list's import (in the address's state) or this page's.
  const [imported, setImported] = useState(() => importedOf(location.state));
  const [params] = useSearchParams();
  const projects = useProjects();
  // Its project's approval rule may keep a draft where it is (the server says so, and why).
  const approval = useQuery({
    ...contractApprovalQuery(contract?.id ?? ''),
    enabled: contract !== undefined && !template && isEditable(contract.status),
  });
  const [title, setTitle] = useState(contract?.title ?? '');
  const [signers, setSigners] = useState<DraftSigner[]>(
    contract?.signers.map(({ id, name, email, accessCodeRequired, emailCodeRequired }) => ({
      id,
      name,
      email,
      accessCodeSet: accessCodeRequired,
      requireEmailCode: emailCodeRequired,
    })) ?? [],
  );
  const [sequential, setSequential] = useState(contract?.sequential ?? false);
  const [expiresOn, setExpiresOn] = useState(toDateInput(contract?.expiresAt ?? null));
  const [projectId, setProjectId] = useState(contract?.projectId ?? params.get('projectId') ?? '');
  const [dirty, setDirty] = useState(false);
  // This open editor's session: its saves update one version rather than each making a new one.
  const [editSession] = useState(() => randomId());
  // The stored revision this form's changes are made on: a save on an older one is refused.
  const revision = useRef(contract?.revision);
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
  const conflict =
    update.error instanceof AppError && update.error.code === 'CONTRACT_CHANGED' ? update.error : null;
  const editable = contract ? isEditable(contract.status) : true;
  const heading = contract ? headings[mode].edit : headings[mode].create;
  useDocumentTitle(heading);

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
  const onEditorReady = useCallback((ready: Editor) => {
    editorRef.current = ready;
    setEditor(ready);
  }, []);

  /** A role got its person or was skipped: the address's state remembers what is left, for a reload. */
  const onRoleDone = (role: string) => {
    const remaining = pendingRoles.filter((other) => other !== role);
    setPendingRoles(remaining);
    const state: FromTemplateState = {
      fromTemplate: { roles: remaining, fillFields: fromTemplate?.fillFields ?? false },
    };
    navigate(`${location.pathname}${location.search}`, { replace: true, state });
  };

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
    const codeProblem = template ? undefined : signers.find((signer) => accessCodeProblem(signer));
    if (codeProblem) {
      setNotice(
        `${accessCodeProblem(codeProblem)} for ${codeProblem.name}, or untick "Require access code".`,
      );
      throw new Error('An access code is too short');
    }
    const fields = {
      title: title.trim(),
      content: editorRef.current?.getJSON() as EditorDocument | undefined,
      // A template's roles are stored as signers with a placeholder e-mail (unique, never shown).
      signers: signers.map(({ id, name, email, accessCode, requireEmailCode }, index) => ({
        id,
        name,
        email: template ? roleEmail(index) : email,
        // An access code goes to the server only when it changed: left out, the stored one stays.
        ...(template ? {} : { requireEmailCode: requireEmailCode ?? false }),
        ...(template || accessCode === undefined ? {} : { accessCode }),
      })),
      ...(template ? {} : { expiresAt: fromDateInput(expiresOn), ...(projectId ? { projectId } : {}) }),
    };
    const id = contract?.id ?? (revision.current === undefined ? null : newId);
    const saved = id
      ? await update.mutateAsync({ id, ...fields, editSession, baseRevision: revision.current })
      : await create.mutateAsync({ id: newId, ...fields, isTemplate: template, editSession });
    revision.current = saved.revision;
    if (version.current === savingVersion) setDirty(false);
    // The codes just sent are stored now: shown as set from here on, and not sent again.
    const stored = new Map(saved.signers.map((signer) => [signer.id, signer.accessCodeRequired]));
    const sent = new Map(fields.signers.map((signer) => [signer.id, signer.accessCode]));
    setSigners((current) =>
      current.map((signer) =>
        signer.accessCode !== undefined && sent.get(signer.id) === signer.accessCode && stored.has(signer.id)
          ? { ...signer, accessCode: undefined, accessCodeSet: stored.get(signer.id) ?? false }
          : signer,
      ),
    );
    return saved;
  };

  /** After the first save the address becomes the contract's, unless the user has left the page. */
  const showSaved = (id: string) => {
    if (contract || !mounted.current) return;
    leavingAfterSave.current = true;
    navigate(`/${template ? 'templates' : 'contracts'}/${id}`, { replace: true });
    leavingAfterSave.current = false;
  };

  /** After a refused save: what is on screen is saved over the stored revision (which stays a version). */
  const keepMine = async () => {
    if (!contract) return;
    const stored = await api.contracts.get({ params: { id: contract.id } }).catch(() => null);
    if (!stored) return;
    revision.current = stored.revision;
    update.reset();
    await save().catch(() => null);
  };

  const onSave = async () => {
    send.reset();
    setNotice(null);
    const saved = await save().catch(() => null);
    if (saved) showSaved(saved.id);
  };

  const onSend = async () => {
    if (pendingRoles.length > 0) {
      const them = pendingRoles.length === 1 ? 'that role' : 'those roles';
      setNotice(`Add the ${listOfNames(pendingRoles)} before sending, or skip ${them}.`);
      return;
    }
    setNotice(null);
    const saved = await save().catch(() => null);
    if (!saved) return;
    await send
      .mutateAsync({ id: saved.id, sequential: sequential && signers.length > 1 })
      .catch((failure) => {
        // An empty merge field: the panel to fill it in opens.
        if (failure instanceof AppError && failure.field === 'content') setFieldsOpen(true);
      });
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
            // Opened directly (no earlier page in this tab): back means the dashboard (or the templates).
            onClick={() =>
              location.key === 'default' ? navigate(template ? '/templates' : '/dashboard') : navigate(-1)
            }
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </Button>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
        </div>
        {editable && (
          <div className="flex gap-3">
            <Button
              variant="secondary"
              disabled={!canSave}
              loading={create.isPending || update.isPending}
              onClick={onSave}
            >
              {template ? 'Save Template' : 'Save Draft'}
            </Button>
            {!template && (
              <Button disabled={!canSend} loading={send.isPending} onClick={onSend}>
                Send for Signing
              </Button>
            )}
          </div>
        )}
      </div>

      {conflict ? (
        <ConflictBanner
          message={conflict.message}
          contractId={contract?.id ?? newId}
          busy={busy}
          onKeepMine={keepMine}
          onLoadTheirs={onReload}
        />
      ) : (
        error && (
          <ErrorBanner>
            {error === send.error
              ? 'The contract was saved but could not be sent: '
              : `The ${template ? 'template' : 'contract'} could not be saved: `}
            {error.message}
          </ErrorBanner>
        )
      )}
      {notice && <ErrorBanner>{notice}</ErrorBanner>}
      {imported && (
        <ImportNoticesBanner
          fileName={imported.fileName}
          notices={imported.notices}
          onDismiss={() => setImported(null)}
        />
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2" data-tour="editor">
          <div>
            <label htmlFor="contract-title" className="block text-sm font-medium text-slate-700">
              {template ? 'Template Title' : 'Contract Title'}
            </label>
            <input
              id="contract-title"
              value={title}
              readOnly={!editable}
              placeholder={template ? 'Enter template title' : 'Enter contract title'}
              maxLength={200}
              onChange={(event) => change(setTitle)(event.target.value)}
              className={`mt-1 block h-11 w-full rounded-md border-0 px-3 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 ${editable ? 'bg-white' : 'bg-slate-50'}`}
            />
          </div>
          <EditorDocxActions
            editor={editor}
            contractId={contract?.id ?? null}
            editable={editable}
            onProblem={setNotice}
            onImported={(result) => {
              setNotice(null);
              setImported({ fileName: result.fileName, notices: result.notices });
              if (!title.trim()) setTitle(result.title);
              markDirty();
            }}
          />
          {/* A template's fields are filled in on each contract made from it. */}
          {editor && editable && !template && (
            <MergeFieldsPanel editor={editor} open={fieldsOpen} onOpenChange={setFieldsOpen} />
          )}
          <ContractBodyEditor
            initialContent={contract?.content}
            editable={editable}
            onReady={onEditorReady}
            onChange={markDirty}
          />
        </div>
        <div className="space-y-4">
          <DetailsCard
            template={template}
            updatedAt={contract?.updatedAt ?? null}
            status={contract?.status ?? 'draft'}
            createdAt={contract?.createdAt ?? null}
            expiresOn={expiresOn}
            projectId={projectId}
            projects={projects.data ?? []}
            editable={editable}
            projectLock={approval.data?.projectLock}
            onExpiresOnChange={change(setExpiresOn)}
            onProjectChange={change(setProjectId)}
          />
          {template ? (
            <RolesCard roles={signers} onChange={change(setSigners)} />
          ) : contract && !editable ? (
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
              roles={pendingRoles}
              onRoleDone={onRoleDone}
            />
          )}
          {contract && !template && (
            <CommentsPanel editor={editor} contractId={contract.id} revision={contract.revision} />
          )}
          {contract && !template && (
            <ApprovalsCard
              contractId={contract.id}
              dirty={dirty}
              shownRevision={() => revision.current}
              // The draft changed while it was read: show what it is now (unless the approver is
              // typing in it, which a reload would lose; their next save then meets the change).
              onTextChanged={() => {
                if (!dirty) void onReload();
              }}
            />
          )}
          {contract && !template && editable && (
            <ReviewCard contractId={contract.id} revision={contract.revision} canSend={!dirty} />
          )}
          {contract && <VersionsCard contractId={contract.id} />}
        </div>
      </div>
      {contract && !editable && <ActivityCard contract={contract} />}
    </div>
  );
}
