import type { EditorProps } from '@tiptap/pm/view';
import { cleanPastedHtml } from './clean-pasted-html';
import { pasteLimits } from './paste-limits';
import { clearPasteNotice, showPasteNotice } from './paste-notice';
import { clipboardProblem, pastedDocumentProblem } from './paste-size';

/**
 * What the contract editor does with a paste: refuses a clipboard too large to read before
 * reading it, cleans Word, Google Docs, LibreOffice and web HTML into the schema's, and refuses
 * a paste that would take the contract past its limits, saying why; the contract is left as it
 * was and nothing on the clipboard is lost.
 */
export const pasteEditorProps: Pick<EditorProps, 'transformPastedHTML' | 'handlePaste' | 'handleDOMEvents'> =
  {
    handleDOMEvents: {
      paste: (view, event) => {
        const data = event.clipboardData;
        if (!data) return false;
        const problem = clipboardProblem(
          data.getData('text/plain').length,
          data.getData('text/html').length,
          pasteLimits.htmlCharacters,
        );
        if (!problem) return false;
        event.preventDefault();
        showPasteNotice(view, problem);
        return true;
      },
    },
    transformPastedHTML: (html) => cleanPastedHtml(html),
    handlePaste: (view, _event, slice) => {
      const problem = pastedDocumentProblem(view.state.tr.replaceSelection(slice).doc);
      if (problem) {
        showPasteNotice(view, problem);
        return true;
      }
      clearPasteNotice(view);
      return false;
    },
  };
