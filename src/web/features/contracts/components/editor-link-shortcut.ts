import { Extension } from '@tiptap/core';

export const linkShortcut = 'Mod-k';

/**
 * Mod-K opens the link dialog, as in Word and Google Docs. A view-only extension of the web
 * editor (it adds nothing to the schema); the dialog itself is React's, reached through
 * `openLinkDialog`.
 */
export const LinkShortcut = Extension.create<{ openLinkDialog: () => void }>({
  name: 'linkShortcut',
  addOptions() {
    return { openLinkDialog: () => {} };
  },
  addKeyboardShortcuts() {
    return {
      [linkShortcut]: () => {
        if (!this.editor.isEditable) return false;
        this.options.openLinkDialog();
        return true;
      },
    };
  },
});
