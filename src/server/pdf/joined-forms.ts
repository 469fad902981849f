import {
  type PDF,
  type PDFPage,
  PdfArray,
  PdfBool,
  PdfDict,
  type PdfObject,
  PdfRef,
  PdfString,
} from '@libpdf/core';

/** How far up a widget's /Parent chain is followed to its form's top field. */
const deepestField = 64;

/** A part's form as the join carries it: its top fields, and what they inherit from its AcroForm. */
export type PartForm = { roots: PdfRef[]; da?: PdfObject; dr?: PdfDict; needAppearances: boolean };

/** Where a part's default resources ride along while its pages are copied (see below). */
const carried = 'PactumFormResources';

/**
 * Copies a part's pages into the joined document with their annotations, its form's widgets
 * included, and says what its form was. An annotation's /P (its page) is set aside while copying:
 * followed, it would copy the part's page again with its whole page tree. The form's default
 * resources (the fonts its fields name) are objects of the part: they ride on its first page,
 * so the library's copy brings them over with everything else.
 */
export async function copyPartWithForm(joined: PDF, part: PDF): Promise<PartForm | null> {
  const pages = part.getPages();
  for (const page of pages) {
    for (const { dict } of annotationsOf(part, page)) dict.delete('P');
    leaveOutDeepWidgets(part, page);
  }
  const own = formOf(part, []);
  if (own?.dr) pages[0]?.dict.set(carried, own.dr);
  const copied = await joined.copyPagesFrom(
    part,
    pages.map((_, index) => index),
    { includeAnnotations: true },
  );
  const dr = copied[0]?.dict.getDict(carried, (ref) => joined.getObject(ref));
  copied[0]?.dict.delete(carried);
  const roots = new Map<string, PdfRef>();
  for (const page of copied) {
    for (const { ref, dict } of annotationsOf(joined, page)) {
      dict.set('P', page.ref);
      if (dict.getName('Subtype')?.value !== 'Widget' || !ref) continue;
      const root = rootField(joined, ref, dict);
      if (root) roots.set(`${root.objectNumber} ${root.generation}`, root);
    }
  }
  if (!own) return null;
  const { dr: _left, ...rest } = own;
  return { ...rest, roots: [...roots.values()], ...(dr ? { dr } : {}) };
}

/** The first part's form: the joined document is that part, its fields are its AcroForm's. */
export function ownForm(pdf: PDF): PartForm | null {
  const fields = acroFormOf(pdf)?.getArray('Fields', (ref) => pdf.getObject(ref));
  const roots: PdfRef[] = [];
  for (let index = 0; fields && index < fields.length; index++) {
    const item = fields.at(index);
    if (item instanceof PdfRef) roots.push(item);
  }
  return formOf(pdf, roots);
}

/**
 * Gives the joined document one AcroForm of every part's fields. When more than one part has a
 * form, each part's fields go under a field of their own ("file1", "file2", …), so two copies of
 * the same form keep apart: a field's full name is its own only within its part.
 */
export function joinForms(joined: PDF, forms: (PartForm | null)[]): void {
  const present = forms.flatMap((form, index) => (form && form.roots.length > 0 ? [{ form, index }] : []));
  if (present.length === 0) return;
  const [only] = present;
  if (present.length === 1 && only?.index === 0) return;
  const fields = present.map(({ form, index }) => {
    if (present.length === 1) return form.roots;
    const parent = joined.register(
      PdfDict.of({
        T: PdfString.fromString(`file${index + 1}`),
        Kids: PdfArray.of(...form.roots),
        ...(form.da ? { DA: form.da } : {}),
      }),
    );
    for (const root of form.roots) {
      const dict = joined.getObject(root);
      if (dict instanceof PdfDict) dict.set('Parent', parent);
    }
    return [parent];
  });
  // The default resources: the first form's, with the fonts only later ones name.
  const resources = new PdfDict();
  const fonts = new PdfDict();
  for (const { form } of present) {
    for (const [name, value] of form.dr ?? new PdfDict()) {
      if (name.value === 'Font') continue;
      if (!resources.has(name.value)) resources.set(name.value, value);
    }
    const own = form.dr?.getDict('Font');
    for (const [name, value] of own ?? new PdfDict())
      if (!fonts.has(name.value)) fonts.set(name.value, value);
  }
  if (fonts.size > 0) resources.set('Font', fonts);
  const first = present[0]?.form;
  joined.getCatalog().set(
    'AcroForm',
    joined.register(
      PdfDict.of({
        Fields: PdfArray.of(...fields.flat()),
        ...(resources.size > 0 ? { DR: resources } : {}),
        ...(first?.da ? { DA: first.da } : {}),
        ...(present.some(({ form }) => form.needAppearances) ? { NeedAppearances: PdfBool.of(true) } : {}),
      }),
    ),
  );
}

function acroFormOf(pdf: PDF): PdfDict | undefined {
  return pdf.getCatalog().getDict('AcroForm', (ref) => pdf.getObject(ref));
}

/** What a part's top fields inherit from its AcroForm; null for a part without a form. */
function formOf(pdf: PDF, roots: PdfRef[]): PartForm | null {
  const acroForm = acroFormOf(pdf);
  if (!acroForm) return null;
  const da = acroForm.get('DA');
  const dr = acroForm.getDict('DR', (ref) => pdf.getObject(ref));
  const needAppearances = acroForm.get('NeedAppearances');
  return {
    roots,
    ...(da ? { da } : {}),
    ...(dr ? { dr } : {}),
    needAppearances: needAppearances instanceof PdfBool && needAppearances.value,
  };
}

/** A page's annotations, each with its reference (none for one written inside /Annots). */
function annotationsOf(pdf: PDF, page: PDFPage): { ref: PdfRef | null; dict: PdfDict }[] {
  const annotations = page.dict.getArray('Annots', (ref) => pdf.getObject(ref));
  const found: { ref: PdfRef | null; dict: PdfDict }[] = [];
  for (let index = 0; annotations && index < annotations.length; index++) {
    const item = annotations.at(index);
    const dict = item instanceof PdfRef ? pdf.getObject(item) : item;
    if (dict instanceof PdfDict) found.push({ ref: item instanceof PdfRef ? item : null, dict });
  }
  return found;
}

/**
 * Leaves out of a page's annotations the widgets whose /Parent chain goes deeper than any form's
 * (a hostile file's 10,000 levels): they would join no field, and the library's copy walks a
 * chain it is given one call deeper per level, to the end of the stack.
 */
function leaveOutDeepWidgets(pdf: PDF, page: PDFPage): void {
  const annotations = page.dict.getArray('Annots', (ref) => pdf.getObject(ref));
  if (!annotations) return;
  const kept: PdfObject[] = [];
  for (let index = 0; index < annotations.length; index++) {
    const item = annotations.at(index);
    if (!item) continue;
    const dict = item instanceof PdfRef ? pdf.getObject(item) : item;
    const widget = dict instanceof PdfDict && dict.getName('Subtype')?.value === 'Widget';
    if (widget && rootField(pdf, item instanceof PdfRef ? item : PdfRef.of(0), dict) === null) continue;
    kept.push(item);
  }
  if (kept.length < annotations.length) page.dict.set('Annots', PdfArray.of(...kept));
}

/** A widget's top field: where its /Parent chain ends (the widget itself for a lone field). */
function rootField(pdf: PDF, widgetRef: PdfRef, widget: PdfDict): PdfRef | null {
  let ref = widgetRef;
  let node = widget;
  for (let depth = 0; depth < deepestField; depth++) {
    const parent = node.get('Parent');
    if (!(parent instanceof PdfRef)) return ref;
    const dict = pdf.getObject(parent);
    if (!(dict instanceof PdfDict)) return ref;
    ref = parent;
    node = dict;
  }
  return null;
}
