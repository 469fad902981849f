import { PDF, PdfArray, PdfDict, PdfName, type PdfObject, PdfRef, PdfString } from '@libpdf/core';
import { TaskRefusal } from '../workers/task-refusal';

/**
 * What a PDF may carry that a viewer runs or opens rather than shows (the security review of
 * 2026-12-01, M2): document JavaScript, actions run on opening, printing or closing, links that
 * start programs, send the form elsewhere, open other files or run `javascript:` addresses,
 * attached files, embedded media and XFA forms. An uploaded PDF is sent for signing without any of
 * it (freezeContract), since the seal puts the organization's and the instance's name under the
 * document; a PDF signed by others, kept byte for byte, is refused at upload when it has any.
 */

/** How many attached files' names a finding lists (a portfolio may hold thousands). */
const namedFilesShown = 5;
/**
 * How many outline items, actions (with their /Next chains) and form fields are walked: a hostile
 * file may loop, share one action between many chains, or hold millions. Past any of these the
 * whole part is taken for active content (removed, or refused in a signed PDF), never kept unread.
 */
const outlineItemsWalked = 10_000;
const actionsWalked = 10_000;
const formFieldsWalked = 10_000;

/** Action types that run something or reach outside the document; /URI is judged by its scheme. */
const activeActions: Record<string, string> = {
  JavaScript: 'document JavaScript',
  Launch: 'links that start a program',
  SubmitForm: 'a form that sends its data elsewhere',
  ImportData: 'a form that loads data from elsewhere',
  GoToR: 'links that open other files',
  GoToE: 'links that open other files',
  Rendition: 'embedded media',
  Sound: 'embedded media',
  Movie: 'embedded media',
  RichMediaExecute: 'embedded media',
};
/** Annotations that are active content themselves (a 3D model may carry JavaScript): removed whole. */
const activeAnnotations: Record<string, string> = {
  FileAttachment: 'attached files',
  RichMedia: 'embedded media',
  Sound: 'embedded media',
  Movie: 'embedded media',
  Screen: 'embedded media',
  '3D': 'embedded media',
};
const safeSchemes = /^(https?|mailto):/i;

type Found = { kinds: Set<string>; files: Set<string> };

/**
 * The active content of a PDF, each kind named once in the words the sender is shown (e.g.
 * "document JavaScript", "the attached file invoice.exe"); an empty list for an ordinary PDF.
 */
export function activeContentOf(pdf: PDF): string[] {
  return described(walk(pdf, false));
}

/**
 * The PDF without its active content, and what was taken out (as activeContentOf names it); a PDF
 * without any is returned as it is. Ordinary links (to a page, to http(s) and mailto addresses)
 * are kept; an action that is not is removed from its link, which stays as an inert area.
 */
export async function withoutActiveContent(
  bytes: Uint8Array,
): Promise<{ bytes: Uint8Array; removed: string[] }> {
  const pdf = await PDF.load(bytes);
  const found = walk(pdf, true);
  if (found.kinds.size === 0) return { bytes, removed: [] };
  return { bytes: await pdf.save(), removed: described(found) };
}

/** Why a PDF signed by others is refused when it carries active content, naming what it carries. */
export function signedActiveContentRefusal(found: readonly string[]): string {
  return `This PDF is already signed and carries ${found.join(', ')}, which a signed PDF cannot lose without breaking its signatures, and which Pactum does not seal. Ask its signer for a copy without them, or upload one without signatures.`;
}

/**
 * A PDF signed by others is sent byte for byte: refused when it carries active content (checked
 * at upload; this holds for one stored before that check).
 */
export async function refuseSignedActiveContent(bytes: Uint8Array): Promise<void> {
  const found = activeContentOf(await PDF.load(bytes));
  if (found.length > 0) throw new TaskRefusal(signedActiveContentRefusal(found));
}

function described(found: Found): string[] {
  const files = [...found.files];
  const list = [...found.kinds].filter((kind) => kind !== 'attached files');
  if (found.kinds.has('attached files')) {
    const named = files.slice(0, namedFilesShown).join(', ');
    const more = files.length > namedFilesShown ? ` and ${files.length - namedFilesShown} more` : '';
    list.push(
      files.length === 0
        ? 'attached files'
        : files.length === 1
          ? `the attached file ${named}`
          : `the attached files ${named}${more}`,
    );
  }
  return list;
}

function walk(pdf: PDF, remove: boolean): Found {
  const resolve = (object: PdfObject | undefined | null): PdfObject | undefined =>
    object instanceof PdfRef ? (pdf.getObject(object) ?? undefined) : (object ?? undefined);
  const found: Found = { kinds: new Set(), files: new Set() };
  const note = (kind: string) => found.kinds.add(kind);
  const take = (dict: PdfDict, key: string) => {
    if (remove) dict.delete(key);
  };

  /** A name however it is written: directly, or as a reference to one (viewers follow both). */
  const nameOf = (dict: PdfDict, key: string) => {
    const value = resolve(dict.get(key));
    return value instanceof PdfName ? value.value : '';
  };
  /**
   * Whether an action (or one of its /Next) is active; active ones after the first are cut from
   * the chain. Each action is judged once (a chain of actions naming the next one twice doubled the
   * walk at every step: 45 of them held the upload thread past its limit), and past
   * `actionsWalked` every action is taken for active.
   */
  const judged = new Map<PdfDict, boolean>();
  const actionIsActive = (action: PdfObject | undefined): boolean => {
    const dict = resolve(action);
    if (!(dict instanceof PdfDict)) return false;
    const known = judged.get(dict);
    if (known !== undefined) return known;
    if (judged.size >= actionsWalked) {
      note('more actions than can be checked');
      return true;
    }
    // Judged before its chain is, so a chain that comes back to it ends here.
    judged.set(dict, false);
    const type = nameOf(dict, 'S');
    let active = false;
    if (type in activeActions || (type === 'Thread' && dict.has('F'))) {
      note(activeActions[type] ?? 'links that open other files');
      active = true;
    } else if (type === 'URI') {
      const uri = resolve(dict.get('URI'));
      const address = uri instanceof PdfString ? uri.asString().trim() : '';
      if (!safeSchemes.test(address)) {
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address)?.[1]?.toLowerCase();
        note(scheme ? `links to ${scheme}: addresses` : 'links to addresses that are not web pages');
        active = true;
      }
    }
    judged.set(dict, active);
    const next = resolve(dict.get('Next'));
    const chain = next instanceof PdfArray ? items(next) : next ? [next] : [];
    // Every link of the chain is judged (each is noted), then an active one cuts the chain here.
    if (chain.map((item) => actionIsActive(item)).some(Boolean)) take(dict, 'Next');
    return active;
  };
  const items = (array: PdfArray) => {
    const out: PdfObject[] = [];
    for (let index = 0; index < array.length; index++) {
      const item = array.at(index);
      if (item) out.push(item);
    }
    return out;
  };
  const triggers = (dict: PdfDict) => {
    // Additional actions: run when a page or the document opens, closes, prints, or a field is used.
    if (!dict.has('AA')) return;
    const aa = resolve(dict.get('AA'));
    if (aa instanceof PdfDict) for (const [, action] of aa) actionIsActive(action);
    note('actions run when it is opened, printed or closed');
    take(dict, 'AA');
  };
  const fileName = (spec: PdfObject | undefined) => {
    const dict = resolve(spec);
    if (dict instanceof PdfString) return dict.asString();
    if (!(dict instanceof PdfDict)) return undefined;
    const name = resolve(dict.get('UF')) ?? resolve(dict.get('F'));
    return name instanceof PdfString ? name.asString() : undefined;
  };
  const namedFiles = (tree: PdfObject | undefined, depth = 0) => {
    const node = resolve(tree);
    if (!(node instanceof PdfDict) || depth > 20 || found.files.size > namedFilesShown) return;
    const names = resolve(node.get('Names'));
    if (names instanceof PdfArray) {
      const list = items(names);
      for (let index = 1; index < list.length; index += 2) {
        const name =
          fileName(list[index]) ??
          (list[index - 1] instanceof PdfString ? (list[index - 1] as PdfString).asString() : undefined);
        if (name) found.files.add(name);
      }
    }
    const kids = resolve(node.get('Kids'));
    if (kids instanceof PdfArray) for (const kid of items(kids)) namedFiles(kid, depth + 1);
  };

  const catalog = pdf.getCatalog();
  if (catalog.has('OpenAction')) {
    // A destination (open at a page) or a go-to is harmless; an active action is removed.
    if (actionIsActive(catalog.get('OpenAction'))) take(catalog, 'OpenAction');
  }
  triggers(catalog);
  const names = resolve(catalog.get('Names'));
  if (names instanceof PdfDict) {
    if (names.has('JavaScript')) {
      note('document JavaScript');
      take(names, 'JavaScript');
    }
    if (names.has('EmbeddedFiles')) {
      note('attached files');
      namedFiles(names.get('EmbeddedFiles'));
      take(names, 'EmbeddedFiles');
    }
  }
  for (const key of ['AF', 'Collection']) {
    if (catalog.has(key)) {
      note('attached files');
      take(catalog, key);
    }
  }
  const form = resolve(catalog.get('AcroForm'));
  if (form instanceof PdfDict) {
    if (form.has('XFA')) {
      note('an XFA form');
      take(form, 'XFA');
    }
    // A field's own scripts (format, keystroke, validate, calculate) and actions, in its tree.
    const fields = new Set<PdfDict>();
    const stack: PdfObject[] = [];
    const kids = resolve(form.get('Fields'));
    if (kids instanceof PdfArray) stack.push(...items(kids));
    while (stack.length > 0) {
      const field = resolve(stack.pop());
      if (!(field instanceof PdfDict) || fields.has(field)) continue;
      if (fields.size >= formFieldsWalked) {
        note('more form fields than can be checked');
        take(catalog, 'AcroForm');
        break;
      }
      fields.add(field);
      if (field.has('A') && actionIsActive(field.get('A'))) take(field, 'A');
      triggers(field);
      const children = resolve(field.get('Kids'));
      if (children instanceof PdfArray) stack.push(...items(children));
    }
  }

  for (const page of pdf.getPages()) {
    triggers(page.dict);
    if (page.dict.has('AF')) {
      note('attached files');
      take(page.dict, 'AF');
    }
    const annotations = resolve(page.dict.get('Annots'));
    if (!(annotations instanceof PdfArray)) continue;
    const kept: PdfObject[] = [];
    for (const item of items(annotations)) {
      const annotation = resolve(item);
      if (!(annotation instanceof PdfDict)) continue;
      const subtype = nameOf(annotation, 'Subtype');
      if (subtype in activeAnnotations) {
        note(activeAnnotations[subtype] ?? '');
        const name = fileName(annotation.get('FS'));
        if (name && found.files.size <= namedFilesShown) found.files.add(name);
        continue;
      }
      if (annotation.has('A') && actionIsActive(annotation.get('A'))) take(annotation, 'A');
      triggers(annotation);
      kept.push(item);
    }
    if (remove && kept.length !== annotations.length) page.dict.set('Annots', new PdfArray(kept));
  }

  // Bookmarks run actions too.
  const outlines = resolve(catalog.get('Outlines'));
  const seen = new Set<PdfObject>();
  const stack: PdfObject[] = [];
  if (outlines instanceof PdfDict && outlines.get('First')) stack.push(outlines.get('First') as PdfObject);
  while (stack.length > 0) {
    const ref = stack.pop();
    const item = resolve(ref);
    if (!(item instanceof PdfDict) || seen.has(item)) continue;
    if (seen.size >= outlineItemsWalked) {
      // Not kept unread: the bookmarks go, the pages stay.
      note('more bookmarks than can be checked');
      take(catalog, 'Outlines');
      break;
    }
    seen.add(item);
    if (item.has('A') && actionIsActive(item.get('A'))) take(item, 'A');
    for (const key of ['First', 'Next']) {
      const next = item.get(key);
      if (next) stack.push(next);
    }
  }
  return found;
}
