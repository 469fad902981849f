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
    // Inline styles: the app's stylesheet is generated from the web sources, not from this folder.
    notice.style.cssText =
      'display:flex;align-items:flex-start;gap:0.75rem;margin:0.75rem 1.5rem 0;padding:0.5rem 0.75rem;' +
      'border-radius:0.375rem;background:#fffbeb;color:#78350f;box-shadow:0 0 0 1px #fde68a;font-size:0.875rem;line-height:1.25rem';
    host.insertBefore(notice, view.dom);
  }
  const text = view.dom.ownerDocument.createElement('p');
  text.style.cssText = 'flex:1;margin:0';
  text.textContent = message;
  const dismiss = view.dom.ownerDocument.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = 'Dismiss';
  dismiss.style.cssText =
    'font-weight:500;text-decoration:underline;background:none;border:0;color:inherit;cursor:pointer';
  dismiss.addEventListener('click', () => {
    clearPasteNotice(view);
    view.focus();
  });
  notice.replaceChildren(text, dismiss);
}

export function clearPasteNotice(view: EditorView): void {
  view.dom.parentElement?.querySelector(`[${noticeAttribute}]`)?.remove();
}
