import { cleanClipboardHtml } from './clean-clipboard-html';

/** The editor's paste clean-up, with the browser's own HTML parser (inert: nothing loads or runs). */
export function cleanPastedHtml(html: string): string {
  return cleanClipboardHtml(html, (source) => new DOMParser().parseFromString(source, 'text/html'));
}
