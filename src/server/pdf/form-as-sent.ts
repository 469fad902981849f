import { PDF, PdfArray, PdfDict, PdfName, type PdfObject, PdfRef, PdfString } from '@libpdf/core';

/**
 * An uploaded PDF's own form, as the document sent for signing carries it. Its fields became
 * fields of the contract at upload (placed where their widgets are, their values the sender's
 * prefill), so what the form showed of its own values would be a second, stale copy under the
 * contract's. Kept, so the seal fills them with the form's own look (fields-in-place.ts):
 * - checkboxes and radio buttons, turned off: each shows its own "off" appearance, and the seal
 *   turns the chosen one on with its own "on" appearance;
 * - empty text fields and lists: their appearance is their empty box, which the seal draws the
 *   value into.
 * Taken out: text fields and lists that show a value (their box and their text are one
 * appearance; the seal draws the value on the page instead), signature fields (signed in the
 * contract's own way; an empty one left in the sealed PDF would invite a signature after the
 * seal) and push buttons. A PDF without a form is returned as it is.
 */
export async function formAsSent(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  const form = pdf.getForm();
  if (!form) return bytes;
  const removed = new Set<string>();
  const key = (ref: PdfRef) => `${ref.objectNumber} ${ref.generation}`;
  const remove = (field: (typeof fields)[number]) => {
    for (const widget of field.getWidgets()) if (widget.ref) removed.add(key(widget.ref));
    const ref = field.getRef();
    if (ref) removed.add(key(ref));
  };
  const fields = form.getFields();
  for (const field of fields) {
    switch (field.type) {
      case 'checkbox':
      case 'radio':
        if (field.acroField().has('V')) field.acroField().set('V', PdfName.of('Off'));
        for (const widget of field.getWidgets()) widget.setAppearanceState('Off');
        break;
      case 'text':
      case 'dropdown':
      case 'listbox':
        if (shows(field.acroField().get('V'))) remove(field);
        break;
      default:
        remove(field);
    }
  }
  if (removed.size > 0) withoutObjects(pdf, removed, key);
  return pdf.save();
}

/** Whether a field's value shows something: a text, a name or a list of them. */
function shows(value: PdfObject | undefined): boolean {
  if (value instanceof PdfString) return value.asString().trim() !== '';
  if (value instanceof PdfName) return value.value !== '';
  return value instanceof PdfArray && value.length > 0;
}

/**
 * Takes the fields and widgets named out of the form's tree and off the pages: one pass over
 * each, however many there are.
 */
function withoutObjects(pdf: PDF, removed: Set<string>, key: (ref: PdfRef) => string): void {
  const keep = (array: PdfArray): PdfArray | null => {
    const kept: PdfObject[] = [];
    for (let index = 0; index < array.length; index++) {
      const item = array.at(index);
      if (item && !(item instanceof PdfRef && removed.has(key(item)))) kept.push(item);
    }
    return kept.length === array.length ? null : new PdfArray(kept);
  };
  for (const page of pdf.getPages()) {
    const annotations = page.dict.getArray('Annots', (ref) => pdf.getObject(ref));
    const kept = annotations && keep(annotations);
    if (kept) page.dict.set('Annots', kept);
  }
  const acroForm = pdf.getCatalog().getDict('AcroForm', (ref) => pdf.getObject(ref));
  const top = acroForm?.getArray('Fields', (ref) => pdf.getObject(ref));
  if (!acroForm || !top) return;
  // Walked without recursion: a hostile form nests its fields thousands deep.
  const seen = new Set<PdfDict>();
  const stack: { owner: PdfDict; name: 'Fields' | 'Kids'; array: PdfArray }[] = [
    { owner: acroForm, name: 'Fields', array: top },
  ];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const kept = keep(next.array);
    if (kept) next.owner.set(next.name, kept);
    const list = kept ?? next.array;
    for (let index = 0; index < list.length; index++) {
      const item = list.at(index);
      const node = item instanceof PdfRef ? pdf.getObject(item) : item;
      if (!(node instanceof PdfDict) || seen.has(node)) continue;
      seen.add(node);
      const kids = node.getArray('Kids', (ref) => pdf.getObject(ref));
      if (kids) stack.push({ owner: node, name: 'Kids', array: kids });
    }
  }
}
