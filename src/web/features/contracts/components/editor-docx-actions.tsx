import type { Editor } from '@tiptap/core';
import { Download, FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { AppError } from '../../../../shared/errors';
import { progressText } from '../../../components/import-docx-button';
import { Button, buttonClass } from '../../../components/ui/button';
import {
  convertDocx,
  docxDownloadUrl,
  docxFileProblem,
  type ImportProgress,
} from '../../../lib/docx-transfer';

/**
 * The editor page's .docx actions: "Import .docx" replaces the text being edited with a Word
 * document's (after asking, when there is text), "Download .docx" gets the saved version.
 */
export function EditorDocxActions({
  editor,
  contractId,
  editable,
  onImported,
  onProblem,
}: {
  editor: Editor | null;
  contractId: string | null;
  editable: boolean;
  onImported: (result: { fileName: string; title: string; notices: string[] }) => void;
  onProblem: (message: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file || !editor) return;
    const problem = docxFileProblem(file);
    if (problem) return onProblem(problem);
    if (!editor.isEmpty && !window.confirm(`Replace the text of this document with "${file.name}"?`)) return;
    setProgress({ stage: 'uploading', percent: 0 });
    try {
      const converted = await convertDocx(file, setProgress);
      editor.commands.setContent(converted.content, { emitUpdate: true });
      onImported({ fileName: file.name, title: converted.title, notices: converted.notices });
    } catch (error) {
      onProblem(
        error instanceof AppError
          ? `"${file.name}" could not be imported: ${error.message}`
          : 'The import failed.',
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {editable && editor && (
        <>
          <Button
            variant="ghost"
            size="sm"
            loading={progress !== null}
            onClick={() => input.current?.click()}
          >
            {progress === null && <FileUp aria-hidden="true" className="size-4" />}
            {progress ? progressText(progress) : 'Import .docx'}
          </Button>
          <input
            ref={input}
            type="file"
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            className="sr-only"
            tabIndex={-1}
            aria-label="Word document to import into the editor"
            onChange={(event) => {
              void onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </>
      )}
      {contractId && (
        <a href={docxDownloadUrl(contractId)} download className={buttonClass('ghost', 'sm')}>
          <Download aria-hidden="true" className="size-4" />
          Download .docx
        </a>
      )}
    </div>
  );
}
