import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { renderToHTMLString } from '@tiptap/static-renderer/pm/html-string';
import type { EditorDocument } from '../shared/api/editor-document';
import { contractSchema } from './content';
import { contractExtensions } from './extensions';

const extensions = contractExtensions();

/**
 * Renders a normalized document to HTML. Only ever called on JSON that passed
 * normalizeDocument, so every node, mark and attribute is one the schema defines.
 */
export function renderDocumentHtml(doc: EditorDocument): string {
  const node = ProseMirrorNode.fromJSON(contractSchema(), doc);
  return renderToHTMLString({ content: node, extensions });
}
