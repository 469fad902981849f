import { useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { pdfFileLimits } from '../../shared/pdf-file';
import { invalidateContract } from '../lib/invalidate-contract';
import { addPdf, createFromPdf, pdfProgressText, pickPdfs, uploadFailure } from '../lib/pdf-transfer';
import type { UploadProgress } from '../lib/upload-file';
import { Button } from './ui/button';

/**
 * "Upload PDF" on the contracts and templates lists and a project: picks (or takes dropped) PDFs,
 * starts one draft (or template) from them, the first file first and the others as its annexes,
 * and opens it.
 */
export function UploadPdfButton({
  template,
  projectId,
  className = '',
}: {
  template: boolean;
  projectId?: string | undefined;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [progress, setProgress] = useState<{ file: string; at: UploadProgress } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const onFiles = async (files: readonly File[]) => {
    const { pdfs, problems: refused } = pickPdfs(files, pdfFileLimits.filesPerContract);
    setProblems(refused);
    const [first, ...rest] = pdfs;
    if (!first) return;
    const track = (file: File) => (at: UploadProgress) => setProgress({ file: file.name, at });
    let contract: Awaited<ReturnType<typeof createFromPdf>>;
    try {
      contract = await createFromPdf(first, { template, projectId }, track(first));
    } catch (error) {
      setProblems([...refused, uploadFailure(first, error)]);
      setProgress(null);
      return;
    }
    const notAdded = [...refused];
    let revision = contract.revision;
    for (const file of rest) {
      try {
        revision = (await addPdf(contract.id, file, { baseRevision: revision }, track(file))).revision;
      } catch (error) {
        notAdded.push(uploadFailure(file, error));
      }
    }
    await invalidateContract(client, contract.id);
    navigate(`/${template ? 'templates' : 'contracts'}/${contract.id}`, {
      state: notAdded.length > 0 ? { uploadProblems: notAdded } : null,
    });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is the pointer's shortcut; the button is everyone's way in
    <div
      className={`flex flex-col items-start gap-1 sm:items-end ${className}`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void onFiles([...event.dataTransfer.files]);
      }}
    >
      <Button
        variant="secondary"
        loading={progress !== null}
        onClick={() => input.current?.click()}
        className={dragging ? 'ring-2 ring-indigo-500' : ''}
      >
        {progress === null && <FileText aria-hidden="true" className="size-4" />}
        Upload PDF
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept=".pdf,application/pdf"
        className="sr-only"
        tabIndex={-1}
        aria-label={template ? 'PDFs to start a template from' : 'PDFs to start a contract from'}
        onChange={(event) => {
          void onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <p aria-live="polite" className="text-xs text-slate-500 empty:hidden">
        {progress ? `${progress.file}: ${pdfProgressText(progress.at)}` : ''}
      </p>
      {problems.length > 0 && (
        <ul role="alert" className="max-w-xs space-y-1 text-sm text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
