import { getSchema } from '@tiptap/core';
import { Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import type { EditorDocument } from '../shared/api/editor-document';
import { contractExtensions, textAlignments } from './extensions';
import { mergeFieldProblem } from './merge-field-values';

let cachedSchema: Schema | undefined;

/** The ProseMirror schema of a contract, built once from the shared extensions. */
export function contractSchema(): Schema {
  cachedSchema ??= getSchema(contractExtensions());
  return cachedSchema;
}

export const emptyDocument: EditorDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

/** Hex, rgb()/rgba()/hsl()/hsla() or a plain colour name: nothing that can carry another declaration or a url(). */
const safeColor = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\(\s*[\d.%\s,/]+\)|[a-z]{3,20})$/i;

const safeLanguage = /^[a-z0-9+#._-]{1,32}$/i;

export class InvalidContentError extends Error {
  override readonly name = 'InvalidContentError';
}

/**
 * Checks a document against the contract schema and returns its canonical JSON. Unknown node
 * or mark types, unknown attributes, content in the wrong place and unsafe attribute values are
 * refused, so nothing the editor could not have produced is ever stored.
 */
export function normalizeDocument(json: unknown): EditorDocument {
  let node: ProseMirrorNode;
  try {
    node = ProseMirrorNode.fromJSON(contractSchema(), json);
    node.check();
  } catch (error) {
    throw new InvalidContentError(`Content is not a valid contract document: ${(error as Error).message}`);
  }
  if (node.type.name !== 'doc') throw new InvalidContentError('Content must be a document');
  node.descendants((child) => {
    const align = child.attrs.textAlign;
    if (align !== undefined && align !== null && !(textAlignments as readonly string[]).includes(align)) {
      throw new InvalidContentError(`Unsupported text alignment: ${String(align)}`);
    }
    const language = child.attrs.language;
    if (
      language !== undefined &&
      language !== null &&
      !(typeof language === 'string' && safeLanguage.test(language))
    ) {
      throw new InvalidContentError(`Unsupported code language: ${String(language)}`);
    }
    if (child.type.name === 'orderedList') {
      const { start, type } = child.attrs;
      if (!(Number.isInteger(start) && start >= 0 && start <= 1_000_000)) {
        throw new InvalidContentError(`Unsupported list start: ${String(start)}`);
      }
      if (!(type === null || type === undefined || ['1', 'a', 'A', 'i', 'I'].includes(type))) {
        throw new InvalidContentError(`Unsupported list type: ${String(type)}`);
      }
    }
    if (child.type.name === 'mergeField') {
      const problem = mergeFieldProblem(child.attrs);
      if (problem) throw new InvalidContentError(problem);
    }
    const level = child.attrs.level;
    if (child.type.name === 'heading' && !(Number.isInteger(level) && level >= 1 && level <= 6)) {
      throw new InvalidContentError(`Unsupported heading level: ${String(level)}`);
    }
    for (const mark of child.marks) {
      const color = mark.attrs.color;
      if (color !== undefined && color !== null && !(typeof color === 'string' && safeColor.test(color))) {
        throw new InvalidContentError(`Unsupported text colour: ${String(color)}`);
      }
    }
  });
  return node.toJSON() as EditorDocument;
}
