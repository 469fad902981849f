import type { Editor } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { contractExtensions } from '../../../../editor/extensions';
import type { EditorDocument } from '../../../../shared/api/editor-document';
import { EditorToolbar } from './editor-toolbar';

type Props = {
  initialContent: EditorDocument | undefined;
  editable: boolean;
  onReady: (editor: Editor) => void;
  onChange: () => void;
};

/**
 * The rich-text editor. Its content lives in the editor, not in React state: the page reads it
 * when saving, so a keystroke never re-renders the page.
 */
export function ContractBodyEditor({ initialContent, editable, onReady, onChange }: Props) {
  const editor = useEditor({
    extensions: [
      ...contractExtensions(),
      Placeholder.configure({ placeholder: 'Start writing your contract...' }),
    ],
    content: initialContent ?? '',
    editable,
    shouldRerenderOnTransaction: false,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'prose-contract min-h-[500px] px-6 py-5 focus:outline-none',
        'aria-label': 'Contract content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-readonly': String(!editable),
      },
    },
    onUpdate: onChange,
  });

  useEffect(() => {
    if (editor) onReady(editor);
  }, [editor, onReady]);

  useEffect(() => {
    // Without emitting an update: switching to read-only is not an edit.
    if (!editor) return;
    if (editor.isEditable !== editable) editor.setEditable(editable, false);
    editor.view.dom.setAttribute('aria-readonly', String(!editable));
  }, [editor, editable]);

  if (!editor) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-indigo-600">
      {editable && <EditorToolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}
