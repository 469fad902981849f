import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { contractExtensions } from '../../editor/extensions';
import { redlineExtensions } from '../../editor/redline/redline-marks';
import type { EditorDocument } from '../../shared/api/editor-document';

/**
 * A document shown as the editor shows it, read-only: a version, or (`redline`) a comparison of
 * two, whose insertions and deletions are marks of their own.
 */
export function ReadOnlyDocument({
  content,
  label,
  redline = false,
}: {
  content: EditorDocument;
  label: string;
  redline?: boolean;
}) {
  const editor = useEditor({
    extensions: redline ? redlineExtensions() : contractExtensions(),
    content,
    editable: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'prose-contract px-6 py-5 focus:outline-none',
        'aria-label': label,
        role: 'document',
      },
    },
  });
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(content, { emitUpdate: false });
  }, [editor, content]);
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <EditorContent editor={editor} />
    </div>
  );
}
