import type { EditorDocument, EditorNode } from '../shared/api/editor-document';
import { mergeFieldLimits } from '../shared/limits';

/**
 * A merge field: a placeholder in a contract or template for a value the sender types (a client
 * name, an amount, a date, or one of the signer fields). It is an inline atom holding its key
 * (every field with the same key takes the same value), its label and its value (null until it is
 * filled in). A contract cannot be sent while one is empty. Its bounds are `mergeFieldLimits`.
 */

/** A short identifier: a letter or underscore, then letters, digits, '_', '.' or '-'. */
export const mergeFieldKeyPattern = /^[\p{L}_][\p{L}\p{N}_.-]{0,63}$/u;

export type MergeFieldAttrs = { key: string; label: string; value: string | null };

/** Filled means a value with something in it: a blank value still needs filling in. */
export function isFilledValue(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** What a field shows: its value, or its label in brackets while it is empty. */
export function mergeFieldText(attrs: { label?: unknown; value?: unknown }): string {
  return isFilledValue(attrs.value) ? attrs.value : `[${String(attrs.label ?? '')}]`;
}

/** 'Client name' → 'clientName': the key a typed label gets (the same rule as signer field keys). */
export function mergeFieldKeyOf(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  const key = words
    .map((word, index) => (index === 0 ? word : (word[0]?.toUpperCase() ?? '') + word.slice(1)))
    .join('')
    .slice(0, mergeFieldLimits.key);
  return mergeFieldKeyPattern.test(key) ? key : `field_${key}`.slice(0, mergeFieldLimits.key);
}

/** Why a field's attributes are refused, or null when they are fine. */
export function mergeFieldProblem(attrs: Record<string, unknown>): string | null {
  const { key, label, value } = attrs;
  if (typeof key !== 'string' || key === '') return 'A merge field needs a key';
  if (!mergeFieldKeyPattern.test(key)) {
    return `Unsupported merge field key: ${String(key)}`;
  }
  if (typeof label !== 'string' || label.trim() === '' || label.length > mergeFieldLimits.label) {
    return `A merge field needs a label of 1 to ${mergeFieldLimits.label} characters`;
  }
  if (value !== null && (typeof value !== 'string' || value.length > mergeFieldLimits.value)) {
    return `A merge field value must be text of at most ${mergeFieldLimits.value} characters`;
  }
  return null;
}

/** The merge fields of a stored document (JSON), distinct by key, in order; filled when every one of the key is. */
export function mergeFieldsOf(doc: EditorDocument): { key: string; label: string; filled: boolean }[] {
  const byKey = new Map<string, { key: string; label: string; filled: boolean }>();
  const visit = (node: EditorNode) => {
    if (node.type === 'mergeField') {
      const key = String(node.attrs?.key ?? '');
      const filled = isFilledValue(node.attrs?.value);
      const seen = byKey.get(key);
      if (!seen) byKey.set(key, { key, label: String(node.attrs?.label ?? key), filled });
      else if (!filled) seen.filled = false;
    }
    for (const child of node.content ?? []) visit(child);
  };
  visit(doc);
  return [...byKey.values()];
}

/** The fields of a stored document (JSON) that are still empty, distinct by key, in order. */
export function unfilledMergeFields(doc: EditorDocument): { key: string; label: string }[] {
  return mergeFieldsOf(doc)
    .filter((field) => !field.filled)
    .map(({ key, label }) => ({ key, label }));
}

/**
 * The document with its merge fields filled from `values` (by key; a key not given keeps its
 * field's value). A new document: the one given is not changed. What a bulk send does to each
 * row's contract, and what its preview shows.
 */
export function withMergeValues(doc: EditorDocument, values: ReadonlyMap<string, string>): EditorDocument {
  const fill = (node: EditorNode): EditorNode => {
    if (node.type === 'mergeField') {
      const key = String(node.attrs?.key ?? '');
      const value = values.get(key);
      return value === undefined ? node : { ...node, attrs: { ...node.attrs, value } };
    }
    return node.content ? { ...node, content: node.content.map(fill) } : node;
  };
  return fill(doc) as EditorDocument;
}

/**
 * A title with the merge values in it: a template's title names a field as an empty field shows
 * in the text, its label in square brackets ("Offer letter — [Candidate name]"). Brackets that name
 * no field given stay as they are.
 */
export function titleWithMergeValues(
  title: string,
  fields: readonly { key: string; label: string }[],
  values: ReadonlyMap<string, string>,
): string {
  const byLabel = new Map(fields.map((field) => [field.label.toLowerCase(), field.key]));
  return title.replace(/\[([^[\]]{1,60})\]/g, (whole, label: string) => {
    const key = byLabel.get(label.trim().toLowerCase());
    const value = key === undefined ? undefined : values.get(key);
    return value === undefined ? whole : value;
  });
}

/** 'A', 'A and B', 'A, B and C'. */
export function listOfNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
