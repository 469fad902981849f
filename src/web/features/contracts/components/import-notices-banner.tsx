import { FileCheck2, X } from 'lucide-react';

/**
 * Shown on the editor after a .docx import: the file's name and what did not come in as it was
 * ("2 images and 1 comment were not imported."), or that everything did.
 */
export function ImportNoticesBanner({
  fileName,
  notices,
  onDismiss,
}: {
  fileName: string;
  notices: string[];
  onDismiss: () => void;
}) {
  const warned = notices.length > 0;
  return (
    <section
      aria-label="Import result"
      className={`flex items-start gap-2 rounded-md p-3 text-sm ring-1 ${warned ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-emerald-50 text-emerald-900 ring-emerald-200'}`}
    >
      <FileCheck2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          Imported from {fileName}.{warned ? ' Check the document:' : ' Everything in it came in.'}
        </p>
        {warned && (
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        aria-label="Dismiss the import result"
        className="rounded p-0.5 hover:bg-black/5"
        onClick={onDismiss}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
