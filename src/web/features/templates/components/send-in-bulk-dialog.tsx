import * as Dialog from '@radix-ui/react-dialog';
import { Download } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContractSummary } from '../../../../shared/api/contracts';
import { spreadsheetLimits } from '../../../../shared/limits';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-errors';
import { type UploadProgress, uploadProgressText } from '../../../lib/upload-file';
import { useUploadBulkSend } from '../../bulk-sends/api/bulk-sends';
import { ProjectPicker, useProjectPick } from './project-picker';

const megabytes = spreadsheetLimits.fileBytes / (1024 * 1024);

/**
 * 'Send in bulk': a spreadsheet of a row per contract is uploaded and checked, and the batch's
 * page opens to map its columns, fix its rows and send it. Nothing is sent from here.
 */
export function SendInBulkDialog({
  template,
  open,
  onOpenChange,
}: {
  template: ContractSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            Send “{template.title}” in bulk
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            One contract per row of a spreadsheet (CSV or Excel .xlsx): each row gives every role's name and
            e-mail address and a value for each merge field, and may prefill the fields on its PDFs. The first
            row holds the column headers. You check every row before anything is sent.
          </Dialog.Description>
          {open && <SendInBulkForm template={template} onCancel={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SendInBulkForm({ template, onCancel }: { template: ContractSummary; onCancel: () => void }) {
  const navigate = useNavigate();
  const { projects, projectId, pick } = useProjectPick();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useUploadBulkSend(setProgress);
  // A second click can come before the pending state is drawn: one file makes one batch.
  const uploading = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || uploading.current) return;
    uploading.current = true;
    upload.mutate(
      { templateId: template.id, file, projectId },
      {
        onSuccess: (batch) => navigate(`/bulk-sends/${batch.id}`),
        onSettled: () => {
          uploading.current = false;
        },
      },
    );
  };

  return (
    <form className="mt-4 space-y-4" onSubmit={submit}>
      <div>
        <a
          href={api.bulkSends.sample.url({ params: { id: template.id } })}
          download
          className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline"
        >
          <Download aria-hidden="true" className="size-4" />
          Download sample file
        </a>
        <p className="text-meta mt-0.5 text-sm">This template's columns, and an example row to overwrite.</p>
      </div>
      <ProjectPicker
        id="bulk-send-project"
        projects={projects.data}
        value={projectId}
        onChange={pick}
        none="No projects yet: the contracts go to a new “General” project."
      />
      <div>
        <label htmlFor="bulk-send-file" className="block text-sm font-medium text-slate-700">
          Spreadsheet
        </label>
        <input
          id="bulk-send-file"
          type="file"
          accept=".csv,.xlsx"
          aria-describedby="bulk-send-file-hint"
          onChange={(event) => {
            upload.reset();
            setFile(event.target.files?.[0] ?? null);
          }}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-200"
        />
        <p id="bulk-send-file-hint" className="text-meta mt-1 text-sm">
          .csv or .xlsx, up to {megabytes} MB and {spreadsheetLimits.rows.toLocaleString('en-US')} rows.
        </p>
      </div>
      {upload.isPending && progress && (
        <p role="status" className="text-sm text-slate-700">
          {uploadProgressText(progress, 'Reading the rows…')}
        </p>
      )}
      {upload.error && <ErrorBanner>{errorMessage(upload.error)}</ErrorBanner>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={upload.isPending} disabled={!file}>
          Upload and check
        </Button>
      </div>
    </form>
  );
}
