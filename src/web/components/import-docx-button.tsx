import { useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppError } from '../../shared/errors';
import { NetworkError } from '../lib/api-errors';
import { docxFileProblem, type ImportedState, type ImportProgress, importDocx } from '../lib/docx-transfer';
import { invalidateContract } from '../lib/invalidate-contract';
import { uploadProgressText } from '../lib/upload-file';
import { Button } from './ui/button';

export const progressText = (progress: ImportProgress) =>
  uploadProgressText(progress, 'Reading the document…');

/**
 * "Import .docx" on the contracts and templates lists: picks a Word file, starts a draft (or a
 * template) from it and opens it, where the editor says what did not come in.
 */
export function ImportDocxButton({ template, className = '' }: { template: boolean; className?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setProblem(docxFileProblem(file));
    if (docxFileProblem(file)) return;
    setProgress({ stage: 'uploading', percent: 0 });
    try {
      // The id is chosen here, so a retried upload can never start two drafts.
      const { contract, notices } = await importDocx(
        file,
        { id: crypto.randomUUID(), template },
        setProgress,
      );
      invalidateContract(client, contract);
      const state: ImportedState = { imported: { fileName: file.name, notices } };
      navigate(`/${template ? 'templates' : 'contracts'}/${contract.id}`, { state });
    } catch (error) {
      setProblem(
        error instanceof AppError || error instanceof NetworkError
          ? `"${file.name}" could not be imported: ${error.message}`
          : 'The import failed.',
      );
      setProgress(null);
    }
  };

  return (
    <div className={`flex flex-col items-start gap-1 sm:items-end ${className}`}>
      <Button variant="secondary" loading={progress !== null} onClick={() => input.current?.click()}>
        {progress === null && <FileUp aria-hidden="true" className="size-4" />}
        Import .docx
      </Button>
      <input
        ref={input}
        type="file"
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        className="sr-only"
        tabIndex={-1}
        aria-label={
          template ? 'Word document to start a template from' : 'Word document to start a contract from'
        }
        onChange={(event) => {
          void onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <p aria-live="polite" className="text-xs text-slate-500 empty:hidden">
        {progress ? progressText(progress) : ''}
      </p>
      {problem && (
        <p role="alert" className="max-w-xs text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
