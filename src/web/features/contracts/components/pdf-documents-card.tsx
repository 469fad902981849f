import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowDown,
  ArrowUp,
  Download,
  FilePlus2,
  FileText,
  MousePointerSquareDashed,
  PenLine,
  RefreshCw,
  Trash2,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ContractFile } from '../../../../shared/api/contract-files';
import type { Contract } from '../../../../shared/api/contracts';
import { pdfFileLimits } from '../../../../shared/pdf-file';
import { EarlierSignatures } from '../../../components/earlier-signatures';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { invalidateContract } from '../../../lib/invalidate-contract';
import { addPdf, pdfDownloadUrl, pdfProgressText, pickPdfs, uploadFailure } from '../../../lib/pdf-transfer';
import type { UploadProgress } from '../../../lib/upload-file';
import { useOrderDocuments, useRemovePdf, useSaveFields } from '../api/contract-files';
import { FileSearchNote } from './file-search-note';

type Item = { kind: 'text' } | { kind: 'pdf'; file: ContractFile };

/**
 * The contract's documents in signing order: its PDFs, with the drafted text at its place when it
 * is shown (it has content, or the sender added it).
 */
function documentsOf(contract: Contract, textShown: boolean): Item[] {
  const items: Item[] = contract.files.map((file) => ({ kind: 'pdf', file }));
  if (textShown) items.splice(contract.textPosition, 0, { kind: 'text' });
  return items;
}

const idOf = (item: Item) => (item.kind === 'text' ? 'text' : item.file.id);

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * A draft's documents (its PDFs and its drafted text) in the order they are signed: PDFs are
 * added (picked or dropped, several at once), replaced, removed and moved up or down until it is
 * sent. Each change is a revision of the draft the form adopts, so its next save is made on it.
 */
export function PdfDocumentsCard({
  contract,
  editable,
  revision,
  onRevision,
  initialProblems = [],
  textShown,
  onAddText,
  onRemoveText,
}: {
  contract: Contract | undefined;
  editable: boolean;
  revision: () => number | undefined;
  onRevision: (revision: number) => void;
  initialProblems?: string[];
  /** Whether the drafted text is one of the documents (else 'Add drafted text' offers it). */
  textShown: boolean;
  onAddText: () => void;
  /** Clears the drafted text and saves the draft, leaving the contract its PDFs alone. */
  onRemoveText: () => Promise<void>;
}) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<ContractFile | null>(null);
  const [removing, setRemoving] = useState<ContractFile | null>(null);
  const [removingText, setRemovingText] = useState(false);
  const [textRemoval, setTextRemoval] = useState<'pending' | Error | null>(null);
  const [progress, setProgress] = useState<{ file: string; at: UploadProgress } | null>(null);
  const [problems, setProblems] = useState<string[]>(initialProblems);
  const [dragging, setDragging] = useState(false);
  const remove = useRemovePdf(contract?.id ?? '');
  const order = useOrderDocuments(contract?.id ?? '');
  const saveFields = useSaveFields(contract?.id ?? '');

  if (!contract) {
    return editable ? (
      <Card className="p-4 text-sm text-slate-600">
        <p className="flex items-center gap-2">
          <FilePlus2 aria-hidden="true" className="size-4 text-slate-400" />
          Save the draft to add PDFs (an agreement, its annexes) beside its text.
        </p>
      </Card>
    ) : null;
  }
  const items = documentsOf(contract, textShown);
  if (!editable && contract.files.length === 0) return null;
  const busy = progress !== null || remove.isPending || order.isPending || saveFields.isPending;
  const room = pdfFileLimits.filesPerContract - contract.files.length;

  const upload = async (files: readonly File[], replaces?: ContractFile) => {
    const { pdfs, problems: refused } = pickPdfs(files, replaces ? 1 : room);
    setProblems(refused);
    const notAdded = [...refused];
    for (const file of pdfs) {
      try {
        const uploaded = await addPdf(
          contract.id,
          file,
          { ...(replaces ? { replaces: replaces.id } : {}), baseRevision: revision() },
          (at) => setProgress({ file: file.name, at }),
        );
        onRevision(uploaded.revision);
      } catch (error) {
        notAdded.push(uploadFailure(file, error));
      }
    }
    await invalidateContract(client, contract.id);
    setProgress(null);
    setProblems(notAdded);
  };

  const fieldCount = (fileId: string) => contract.fields.filter((field) => field.fileId === fileId).length;
  const unassigned = (fileId: string) =>
    contract.fields.filter((field) => field.fileId === fileId && field.signer === null).length;

  const clearFields = async (fileId: string) => {
    setProblems([]);
    try {
      const kept = contract.fields.filter((field) => field.fileId !== fileId);
      onRevision((await saveFields.mutateAsync({ fields: kept, baseRevision: revision() })).revision);
    } catch (error) {
      setProblems([error instanceof Error ? error.message : 'The fields could not be removed.']);
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    const ids = items.map(idOf);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    // A text not added yet keeps no place among the PDFs: it comes after them when it is added.
    if (!textShown) ids.push('text');
    setProblems([]);
    try {
      onRevision((await order.mutateAsync({ order: ids, baseRevision: revision() })).revision);
    } catch (error) {
      setProblems([error instanceof Error ? error.message : 'The documents could not be moved.']);
    }
  };

  return (
    <Card
      className={`p-4 ${dragging ? 'ring-2 ring-indigo-500' : ''}`}
      onDragOver={(event) => {
        if (!editable || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        if (!editable) return;
        event.preventDefault();
        setDragging(false);
        void upload([...event.dataTransfer.files]);
      }}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Documents</h2>
          <p className="text-xs text-slate-500">
            Signed in this order{editable ? '; drop PDFs here to add them' : ''}.
            {textShown && ' The drafted text is signed when it has content.'}
          </p>
        </div>
        {editable && (
          <div className="flex flex-wrap gap-2">
            {/* A PDF signed by others is sent alone: text beside it would be refused at send. */}
            {!textShown && !contract.files.some((file) => file.signatureCount > 0) && (
              <Button variant="secondary" size="sm" disabled={busy} onClick={onAddText}>
                <PenLine aria-hidden="true" className="size-4" />
                Add drafted text
              </Button>
            )}
            <Button
              variant="secondary"
              size="sm"
              loading={progress !== null}
              disabled={busy || room <= 0}
              onClick={() => input.current?.click()}
            >
              {progress === null && <FilePlus2 aria-hidden="true" className="size-4" />}
              Upload PDF
            </Button>
          </div>
        )}
      </div>
      <ol
        aria-label="Documents in signing order"
        className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200"
      >
        {items.map((item, index) => {
          const name = item.kind === 'text' ? 'Drafted text' : item.file.name;
          return (
            <li key={idOf(item)} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className="w-5 shrink-0 text-right text-xs tabular-nums text-meta">{index + 1}</span>
              {item.kind === 'text' ? (
                <PenLine aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              ) : (
                <FileText aria-hidden="true" className="size-4 shrink-0 text-red-500" />
              )}
              <div className="min-w-40 flex-1 basis-40">
                {item.kind === 'text' ? (
                  <p className="font-medium text-slate-800">Drafted text (the editor below)</p>
                ) : (
                  <>
                    <a
                      href={pdfDownloadUrl(contract.id, item.file.id)}
                      className="block truncate font-medium text-indigo-700 hover:underline"
                      dir="auto"
                      title={`Download ${item.file.name}`}
                    >
                      {item.file.name}
                    </a>
                    <p className="text-xs text-slate-500">
                      {item.file.pageCount} {item.file.pageCount === 1 ? 'page' : 'pages'} ·{' '}
                      {sizeText(item.file.byteSize)}
                      {item.file.formFieldCount > 0 &&
                        ` · ${item.file.formFieldCount} form ${item.file.formFieldCount === 1 ? 'field' : 'fields'}`}
                    </p>
                    <FileSearchNote search={item.file.search} />
                    <EarlierSignatures
                      fileName={item.file.name}
                      signatures={item.file.signatures}
                      signatureCount={item.file.signatureCount}
                      audience="sender"
                    />
                    {item.file.activeContent.length > 0 && (
                      <p className="mt-0.5 text-xs text-amber-800">
                        {editable
                          ? `Scripts and attached files are removed from ${item.file.name} when it is sent: `
                          : `Scripts and attached files were removed from ${item.file.name} when it was sent: `}
                        {item.file.activeContent.join('; ')}.
                      </p>
                    )}
                    {editable && (
                      <Link
                        to={`/${contract.isTemplate ? 'templates' : 'contracts'}/${contract.id}/fields?file=${item.file.id}`}
                        className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-indigo-700 underline hover:text-indigo-500"
                      >
                        <MousePointerSquareDashed aria-hidden="true" className="size-3.5" />
                        Place fields<span className="sr-only"> on {item.file.name}</span>
                      </Link>
                    )}
                    {fieldCount(item.file.id) > 0 && (
                      <p className="mt-0.5 text-xs text-slate-600">
                        {fieldCount(item.file.id)} {fieldCount(item.file.id) === 1 ? 'field' : 'fields'}{' '}
                        placed on it, filled by the signers on its pages
                        {unassigned(item.file.id) > 0 && (
                          <span className="text-amber-800">
                            {' '}
                            ({unassigned(item.file.id)} from its form{' '}
                            {unassigned(item.file.id) === 1 ? 'has' : 'have'} no signer yet: remove them to
                            send)
                          </span>
                        )}
                        {editable && (
                          <>
                            {' '}
                            <button
                              type="button"
                              disabled={busy}
                              onClick={() => void clearFields(item.file.id)}
                              className="font-medium text-indigo-700 underline hover:text-indigo-500 disabled:opacity-50"
                            >
                              Remove its fields
                            </button>
                          </>
                        )}
                      </p>
                    )}
                  </>
                )}
              </div>
              {editable && (
                <div className="flex shrink-0 items-center gap-1">
                  <IconButton
                    label={`Move ${name} up`}
                    disabled={busy || index === 0}
                    onClick={() => void move(index, -1)}
                  >
                    <ArrowUp className="size-4" />
                  </IconButton>
                  <IconButton
                    label={`Move ${name} down`}
                    disabled={busy || index === items.length - 1}
                    onClick={() => void move(index, 1)}
                  >
                    <ArrowDown className="size-4" />
                  </IconButton>
                  {item.kind === 'text' && contract.files.length > 0 && (
                    <IconButton
                      label="Remove drafted text"
                      disabled={busy}
                      onClick={() => setRemovingText(true)}
                    >
                      <Trash2 className="size-4" />
                    </IconButton>
                  )}
                  {item.kind === 'pdf' && (
                    <>
                      <IconButton
                        label={`Replace ${name}`}
                        disabled={busy}
                        onClick={() => {
                          setReplacing(item.file);
                          replaceInput.current?.click();
                        }}
                      >
                        <RefreshCw className="size-4" />
                      </IconButton>
                      <IconButton
                        label={`Remove ${name}`}
                        disabled={busy}
                        onClick={() => setRemoving(item.file)}
                      >
                        <Trash2 className="size-4" />
                      </IconButton>
                    </>
                  )}
                </div>
              )}
              {!editable && item.kind === 'pdf' && (
                <a
                  href={pdfDownloadUrl(contract.id, item.file.id)}
                  aria-label={`Download ${name}`}
                  className="rounded p-1 text-slate-500 hover:bg-slate-100"
                >
                  <Download aria-hidden="true" className="size-4" />
                </a>
              )}
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="mt-2 text-xs text-slate-500 empty:hidden">
        {progress ? `${progress.file}: ${pdfProgressText(progress.at)}` : ''}
      </p>
      {problems.length > 0 && (
        <ul role="alert" className="mt-2 space-y-1 text-sm text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        type="file"
        multiple
        accept=".pdf,application/pdf"
        className="sr-only"
        tabIndex={-1}
        aria-label="PDFs to add to the contract"
        onChange={(event) => {
          void upload([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <input
        ref={replaceInput}
        type="file"
        accept=".pdf,application/pdf"
        className="sr-only"
        tabIndex={-1}
        aria-label="PDF to put in its place"
        onChange={(event) => {
          const target = replacing;
          setReplacing(null);
          if (target) void upload([...(event.target.files ?? [])], target);
          event.target.value = '';
        }}
      />
      <ConfirmDialog
        open={removingText}
        onOpenChange={(open) => {
          if (!open) setRemovingText(false);
        }}
        title="Remove the drafted text?"
        description="The contract keeps its PDFs and is signed without a drafted text. The text stays in its versions, from which it can be restored."
        confirmLabel="Remove text"
        pending={textRemoval === 'pending'}
        error={textRemoval instanceof Error ? textRemoval : null}
        onConfirm={() => {
          setTextRemoval('pending');
          onRemoveText().then(
            () => {
              setTextRemoval(null);
              setRemovingText(false);
            },
            (error: unknown) =>
              setTextRemoval(error instanceof Error ? error : new Error('The text could not be removed.')),
          );
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this PDF?"
        description={`"${removing?.name ?? ''}" will no longer be one of this contract's documents. Its history keeps that it was.`}
        confirmLabel="Remove PDF"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { fileId: removing.id, baseRevision: revision() },
            {
              onSuccess: (changed) => {
                onRevision(changed.revision);
                setRemoving(null);
              },
            },
          );
        }}
      />
    </Card>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
