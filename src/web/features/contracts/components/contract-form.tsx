import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { accessCodeToSetRefusal, type Contract } from '../../../../shared/api/contracts';
import { hasDraftedText } from '../../../../shared/drafted-text';
import { isEditable } from '../../../../shared/statuses';
import { RoutePicture } from '../../../components/route-picture';
import { ErrorBanner } from '../../../components/ui/banner';
import { Card } from '../../../components/ui/card';
import { importedOf } from '../../../lib/docx-transfer';
import { uploadProblemsOf } from '../../../lib/pdf-transfer';
import { fromTemplateOf } from '../../../lib/template-roles';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { contractApprovalQuery } from '../../approvals/api/approvals';
import { ActivityCard } from './activity-card';
import { ConflictBanner } from './conflict-banner';
import { ContractBodyEditor } from './contract-body-editor';
import { contractRoute } from './contract-route';
import { ContractSideCards } from './contract-side-cards';
import { EditorDocxActions } from './editor-docx-actions';
import { EditorPageHeader } from './editor-page-header';
import { ImportNoticesBanner } from './import-notices-banner';
import { MergeFieldsPanel } from './merge-fields-panel';
import { PdfDocumentsCard } from './pdf-documents-card';
import { serverListProblemAt } from './recipient-list';
import { waitsForAccessCode } from './signer-checks';
import { useContractFields } from './use-contract-fields';
import { useContractSave } from './use-contract-save';

/**
 * A contract, or (mode 'template') a template: the same editor, where a template has roles instead
 * of signers, no expiry or project, and is saved but never sent.
 */
export type EditorMode = 'contract' | 'template';

/** A contract out for signing or done is read here, not edited: its heading says so. */
const headings: Record<EditorMode, { create: string; edit: string; read: string }> = {
  contract: { create: 'Create Contract', edit: 'Edit Contract', read: 'Contract' },
  template: { create: 'Create Template', edit: 'Edit Template', read: 'Template' },
};

/** The editor form: the document and its title on the left, what goes with it on the right. */
export function ContractForm({
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
  const location = useLocation();
  // Just made from a template: its roles still need their people, and its fields their values.
  const fromTemplate = template ? null : fromTemplateOf(location.state);
  const [fieldsOpen, setFieldsOpen] = useState(fromTemplate?.fillFields ?? false);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // What a .docx import left out: from the list's import (in the address's state) or this page's.
  const [imported, setImported] = useState(() => importedOf(location.state));
  // Its project's approval rule may keep a draft where it is (the server says so, and why).
  const approval = useQuery({
    ...contractApprovalQuery(contract?.id ?? ''),
    enabled: contract !== undefined && !template && isEditable(contract.status),
  });
  // A template whose roles act in turn makes a draft sent in order.
  const ordersOfRoles = new Set(fromTemplate ? contract?.signers.map((signer) => signer.signingOrder) : []);
  const fields = useContractFields(contract, { sequential: ordersOfRoles.size > 1 });
  const { title, setTitle, markDirty, change } = fields;
  const editorRef = useRef<Editor | null>(null);
  const saving = useContractSave({
    contract,
    newId,
    template,
    fields,
    editorRef,
    setNotice,
    onEmptyField: () => setFieldsOpen(true),
  });
  const editable = contract ? isEditable(contract.status) : true;
  // A contract made of uploaded PDFs has no drafted text until the sender adds some: an empty
  // editor would read as a document of its own (and an empty text is not sent).
  const [textAdded, setTextAdded] = useState(false);
  const textShown = !contract || contract.files.length === 0 || hasDraftedText(contract.content) || textAdded;
  useEffect(() => {
    if (textAdded) editorRef.current?.commands.focus('end');
  }, [textAdded]);
  const heading = !contract ? headings[mode].create : editable ? headings[mode].edit : headings[mode].read;
  useDocumentTitle(heading);

  const onEditorReady = useCallback((ready: Editor) => {
    editorRef.current = ready;
    setEditor(ready);
  }, []);

  const canSave = title.trim().length > 0 && !saving.busy;
  const canSend = canSave && fields.signers.length > 0;
  // A copy's signer waiting for an access code: the server would refuse the send with this.
  const waitingForCode = fields.signers.find(waitsForAccessCode);
  const sendBlockedBy =
    approval.data?.blocking ?? (waitingForCode ? accessCodeToSetRefusal(waitingForCode.name) : null);

  return (
    <div className="space-y-6">
      <EditorPageHeader
        heading={heading}
        template={template}
        editable={editable}
        canSave={canSave}
        canSend={canSend}
        sendBlockedBy={sendBlockedBy}
        saving={saving.saving}
        sending={saving.sending}
        onSave={saving.onSave}
        onSend={saving.onSend}
      />

      {saving.conflict ? (
        <ConflictBanner
          message={saving.conflict.message}
          contractId={contract?.id ?? newId}
          busy={saving.busy}
          onKeepMine={saving.keepMine}
          onLoadTheirs={onReload}
        />
      ) : (
        saving.error && (
          <ErrorBanner>
            {saving.sendFailed
              ? 'The contract was saved but could not be sent: '
              : `The ${template ? 'template' : 'contract'} could not be saved: `}
            {saving.error.message}
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
          {contract && !editable && !template && contract.signers.length > 0 && (
            <Card className="p-5">
              <RoutePicture groups={contractRoute(contract)} sequential={contract.sequential} />
            </Card>
          )}
          <PdfDocumentsCard
            contract={contract}
            editable={editable}
            revision={saving.shownRevision}
            onRevision={saving.adoptRevision}
            initialProblems={uploadProblemsOf(location.state)}
            textShown={textShown}
            onAddText={() => setTextAdded(true)}
            onRemoveText={async () => {
              editorRef.current?.commands.clearContent(true);
              setTextAdded(false);
              await saving.onSave();
            }}
          />
          {/* Kept mounted while hidden: a save reads the (empty) text from the editor as before. */}
          <div hidden={!textShown} className="space-y-4">
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
              parties={fields.signers.map((signer) => signer.name)}
            />
          </div>
        </div>
        <ContractSideCards
          contract={contract}
          template={template}
          editable={editable}
          editor={editor}
          fields={fields}
          projectLock={approval.data?.projectLock}
          shownRevision={saving.shownRevision}
          onReload={onReload}
          listProblem={serverListProblemAt(saving.error)}
        />
      </div>
      {contract && !editable && <ActivityCard contract={contract} />}
    </div>
  );
}
