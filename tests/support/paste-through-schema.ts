import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser as ProseMirrorDOMParser } from '@tiptap/pm/model';
import { Window } from 'happy-dom';
import { contractSchema, normalizeDocument } from '../../src/editor/content';
import { cleanClipboardHtml } from '../../src/editor/paste/clean-clipboard-html';
import type { EditorDocument } from '../../src/shared/api/editor-document';

export { outline } from './document-outline';

const window = new Window();

/** Parses HTML as a browser would (happy-dom follows the HTML standard's parser). */
export function parseHtml(html: string): Document {
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

export function readClipboardFixture(name: string): string {
  return readFileSync(join(import.meta.dirname, '..', 'fixtures', 'clipboard', name), 'utf8');
}

/**
 * What a paste of this clipboard HTML stores: the clean-up, then the contract schema's own
 * parse rules (as the editor applies them), then the server's document check.
 */
export function pasteThroughSchema(html: string): { clean: string; doc: EditorDocument } {
  const clean = cleanClipboardHtml(html, parseHtml);
  const body = parseHtml(`<body>${clean}</body>`).body;
  const node = ProseMirrorDOMParser.fromSchema(contractSchema()).parse(body as unknown as Node);
  return { clean, doc: normalizeDocument(node.toJSON()) };
}
