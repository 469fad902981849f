import type { Editor } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, type UseEditorOptions, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { contractExtensions } from '../../../../editor/extensions';
import { pasteEditorProps } from '../../../../editor/paste/paste-editor-props';
import type { EditorDocument } from '../../../../shared/api/editor-document';
import { EditorLinkDialog } from './editor-link-dialog';
import { LinkShortcut } from './editor-link-shortcut';
import { EditorToolbar } from './editor-toolbar';

type Props = {
  initialContent: EditorDocument | undefined;
  editable: boolean;
  onReady: (editor: Editor) => void;
  onChange: () => void;
  /** Whether the toolbar offers "Insert field" (not to a reviewer, who suggests text only). */
  fields?: boolean;
  /** Who signs, in signing order: the signing fields the toolbar inserts are for one of them. */
  parties?: readonly string[];
};

/**
 * How the editor's view handles what comes in from outside (paste, drop). The one place to hook
 * the clipboard's cleaning (`transformPastedHTML`, `transformPasted`, …) into the editor.
 */
const clipboardProps: NonNullable<UseEditorOptions['editorProps']> = pasteEditorProps;

/**
 * The rich-text editor. Its content lives in the editor, not in React state: the page reads it
 * when saving, so a keystroke never re-renders the page.
 */
export function ContractBodyEditor({
  initialContent,
  editable,
  onReady,
  onChange,
  fields = true,
  parties,
}: Props) {
  const [linkOpen, setLinkOpen] = useState(false);
  // The shortcut is registered once, with the editor; the ref reaches the current state setter.
  const openLink = useRef(() => setLinkOpen(true));
  const editor = useEditor({
    extensions: [
      ...contractExtensions(),
      Placeholder.configure({ placeholder: 'Start writing your contract...' }),
      LinkShortcut.configure({ openLinkDialog: () => openLink.current() }),
    ],
    content: initialContent ?? '',
    editable,
    shouldRerenderOnTransaction: false,
    immediatelyRender: true,
    editorProps: {
      ...clipboardProps,
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
      {editable && (
        <EditorToolbar
          editor={editor}
          onLink={() => setLinkOpen(true)}
          fields={fields}
          {...(parties ? { parties } : {})}
        />
      )}
      <EditorContent editor={editor} />
      {editable && <EditorLinkDialog editor={editor} open={linkOpen} onOpenChange={setLinkOpen} />}
    </div>
  );
}
