import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type QpdfObject = { value?: Json; stream?: { dict: Record<string, Json>; data?: string } };

/** Every object of a PDF as qpdf reads it (its latest revision), streams with their raw bytes. */
async function objectsOf(pdf: Uint8Array): Promise<Record<string, QpdfObject>> {
  const dir = await mkdtemp(join(tmpdir(), 'pactum-revisions-'));
  await writeFile(join(dir, 'doc.pdf'), pdf);
  const { stdout } = await run(
    'qpdf',
    ['--json=2', '--json-stream-data=inline', '--decode-level=none', '--json-key=qpdf', join(dir, 'doc.pdf')],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const [, objects] = JSON.parse(stdout).qpdf as [unknown, Record<string, QpdfObject>];
  return objects;
}

const dictOf = (object: QpdfObject | undefined): Record<string, Json> | null => {
  if (!object) return null;
  if (object.stream) return object.stream.dict;
  const value = object.value;
  return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
};
/**
 * Whether two values are the same. A real number written again with fewer digits (@libpdf/core
 * writes 595.303937007874 as 595.30394) is the same number to PDF, whose reals carry about five
 * decimal digits: numbers are compared to 1e-4.
 */
const same = (a: Json | undefined, b: Json | undefined) =>
  JSON.stringify(a, rounded) === JSON.stringify(b, rounded);
const rounded = (_key: string, value: Json) =>
  typeof value === 'number' ? Math.round(value * 1e4) / 1e4 : value;
const refs = (value: Json | undefined): string[] => (Array.isArray(value) ? value.map(String) : []);

/** What DocMDP lets a later revision change in each kind of object of an earlier one. */
const allowedKeys = {
  catalog: ['/AcroForm', '/DSS', '/Extensions', '/Metadata', '/MarkInfo', '/Version'],
  acroForm: ['/Fields', '/DR', '/DA', '/Q', '/NeedAppearances', '/SigFlags'],
  // A form field's value and its widgets' appearances.
  field: ['/AP', '/AS', '/V', '/F', '/DA', '/Q', '/Ff', '/Type'],
  page: ['/Annots'],
  pages: ['/Kids', '/Count'],
};

/**
 * The objects of an earlier revision that a later file rewrote beyond what form filling,
 * annotations, new pages, signing and the DSS allow: each as "obj:N 0 R: why". Empty when the
 * later revisions only add what those allow. Compares every object of the earlier bytes with the
 * same object in the later file.
 */
export async function changesBeyondDocMdp(earlier: Uint8Array, later: Uint8Array): Promise<string[]> {
  const [before, after] = await Promise.all([objectsOf(earlier), objectsOf(later)]);
  const trailer = dictOf(before.trailer);
  const info = trailer?.['/Info'];
  const catalogKey = `obj:${trailer?.['/Root']}`;
  const catalog = dictOf(before[catalogKey]);
  const acroFormKey = typeof catalog?.['/AcroForm'] === 'string' ? `obj:${catalog['/AcroForm']}` : null;
  const problems: string[] = [];
  for (const [key, old] of Object.entries(before)) {
    if (key === 'trailer' || key === `obj:${info}`) continue;
    const now = after[key];
    if (same(old as Json, now as Json)) continue;
    if (!now) {
      problems.push(`${key}: removed`);
      continue;
    }
    if (old.stream || now.stream) {
      problems.push(
        `${key}: a stream rewritten (${JSON.stringify(dictOf(old)?.['/Type'] ?? dictOf(old)?.['/Subtype'] ?? 'content')})`,
      );
      continue;
    }
    const oldValue = old.value;
    const newValue = now.value;
    if (Array.isArray(oldValue)) {
      // An /Annots or /Fields array: what it held stays, in order, and more may follow.
      const kept =
        Array.isArray(newValue) && refs(oldValue).every((ref, index) => refs(newValue)[index] === ref);
      if (!kept) problems.push(`${key}: an array lost or reordered what it held`);
      continue;
    }
    const a = dictOf(old) ?? {};
    const b = dictOf(now) ?? {};
    const changed = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
      (name) => !same(a[name], b[name]),
    );
    const kind =
      key === catalogKey
        ? 'catalog'
        : key === acroFormKey
          ? 'acroForm'
          : a['/Type'] === '/Page'
            ? 'page'
            : a['/Type'] === '/Pages'
              ? 'pages'
              : a['/FT'] !== undefined || a['/Subtype'] === '/Widget' || a['/Parent'] !== undefined
                ? 'field'
                : null;
    if (!kind) {
      problems.push(`${key}: rewritten (${changed.join(', ')})`);
      continue;
    }
    const beyond = changed.filter((name) => !allowedKeys[kind].includes(name));
    if (beyond.length > 0) problems.push(`${key} (${kind}): ${beyond.join(', ')} changed`);
    for (const list of ['/Annots', '/Kids', '/Fields']) {
      if (!changed.includes(list) || !Array.isArray(a[list])) continue;
      const kept = refs(a[list]).every((ref, index) => refs(b[list])[index] === ref);
      if (!kept) problems.push(`${key} (${kind}): ${list} lost or reordered what it held`);
    }
  }
  return problems;
}
