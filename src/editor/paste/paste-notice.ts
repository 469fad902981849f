import type { EditorView } from '@tiptap/pm/view';

const noticeAttribute = 'data-paste-notice';

/**
 * Says above the editor why a paste was refused. Plain DOM beside the editor's own element, so
 * any page using the editor shows it without wiring; it goes with the next paste that succeeds or
 * with its Dismiss button.
 */
export function showPasteNotice(view: EditorView, message: string): void {
  const host = view.dom.parentElement;
  if (!host) return;
  let notice = host.querySelector<HTMLElement>(`[${noticeAttribute}]`);
  if (!notice) {
    notice = view.dom.ownerDocument.createElement('div');
    notice.setAttribute(noticeAttribute, '');
    notice.setAttribute('role', 'alert');
    notice.className =
      'mx-6 mt-3 flex items-start gap-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200';
    host.insertBefore(notice, view.dom);
  }
  const text = view.dom.ownerDocument.createElement('p');
  text.className = 'flex-1';
  text.textContent = message;
  const dismiss = view.dom.ownerDocument.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = 'Dismiss';
  dismiss.className = 'font-medium underline';
  dismiss.addEventListener('click', () => {
    clearPasteNotice(view);
    view.focus();
  });
  notice.replaceChildren(text, dismiss);
}

export function clearPasteNotice(view: EditorView): void {
  view.dom.parentElement?.querySelector(`[${noticeAttribute}]`)?.remove();
}
