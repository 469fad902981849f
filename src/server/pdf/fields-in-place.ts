import {
  type CheckboxField,
  type DropdownField,
  type FormField,
  type ListBoxField,
  type PDF,
  type PDFPage,
  PdfArray,
  PdfBool,
  PdfDict,
  PdfName,
  PdfNumber,
  PdfRef,
  PdfStream,
  PdfString,
  type SignatureField,
} from '@libpdf/core';
import type { PageBox } from '../../shared/page-box';
import type { FieldsByPage } from './draw-fields';
import { type DrawnField, renderFieldOverlay } from './field-overlay';
import { displayedBox, displayedSize, userRect, visibleBox } from './page-geometry';
import { type Widget, widgetPages } from './widget-pages';

/** Annotation flags: printed, not to be changed by a reader, not to be moved or deleted. */
const printedAndLocked = 4 | 64 | 128;
/** A field flag: its value cannot be changed. */
const readOnlyFlag = 1;
/** Annotation flags of a widget that does not show. */
const hiddenFlag = 2;
const noViewFlag = 32;

/** An appearance to make for a value, and where it goes once made. */
type Appearance = { page: PDFPage; drawn: DrawnField; apply: (appearance: PdfRef) => void };

/**
 * Writes the filled fields into a document without changing any page's content or resources, as
 * a PDF signed by others first needs (its signatures' DocMDP, and validators that analyse what
 * later revisions changed, allow filling its form, annotations and signing, not a page's content):
 * the PDF's own form filled where a value stands on one of its fields (fillOwnWidgets), and every
 * other value (signatures, initials, names, dates, stamps placed by the sender) a Stamp annotation
 * on its page with the same appearance, printed and locked. Answers the appearance streams made,
 * for the caller to compress.
 */
export async function writeFieldsInPlace(doc: PDF, fields: FieldsByPage): Promise<PdfRef[]> {
  const { appearances, rest } = ownWidgetsOf(doc, fields);
  const pages = doc.getPages();
  for (const [index, list] of rest) {
    const page = pages[index];
    if (!page) continue;
    for (const drawn of list) appearances.push(stampOf(doc, page, drawn));
  }
  const made = await makeAppearances(doc, appearances);
  settleNeedAppearances(doc);
  return made;
}

/**
 * Fills the PDF's own form where a value stands on one of its fields, and locks the form (every
 * field read-only): the sealed document's values cannot be typed over in a viewer. Answers the
 * values left to draw on their pages, and the appearance streams made, for the caller to compress.
 */
export async function fillOwnForm(
  doc: PDF,
  fields: FieldsByPage,
): Promise<{ rest: FieldsByPage; made: PdfRef[] }> {
  const { appearances, rest } = ownWidgetsOf(doc, fields);
  const made = await makeAppearances(doc, appearances);
  for (const field of doc.getForm()?.getFields() ?? []) {
    const dict = field.acroField();
    dict.set('Ff', PdfNumber.of((dict.getNumber('Ff')?.value ?? 0) | readOnlyFlag));
  }
  settleNeedAppearances(doc);
  return { rest, made };
}

/**
 * Fills the fields of the PDF's own form that a value stands on: its /V, and its appearance —
 * the form's own for a checkbox or a radio button (its "on" state chosen, /AS), its own empty box
 * with the value drawn in it for a text or a choice (the value set by field-overlay.ts, as at
 * every other seal). Answers the appearances still to make, and the values of no widget of its.
 */
function ownWidgetsOf(doc: PDF, fields: FieldsByPage): { appearances: Appearance[]; rest: FieldsByPage } {
  const pageOf = widgetPages(doc);
  const rest = new Map([...fields].map(([index, drawn]) => [index, [...drawn]]));
  const take = (page: PDFPage, widget: Widget, kind: DrawnField['value']['kind'][]): DrawnField | null => {
    // A widget no one sees (Hidden, NoView) is never filled: a value written there would be sealed
    // and listed but not shown; it is drawn as a stamp of its own instead.
    const flags = widget.dict.getNumber('F')?.value ?? 0;
    if (flags & (hiddenFlag | noViewFlag)) return null;
    const list = rest.get(page.index) ?? [];
    const box = displayedBox(widget.rect, visibleBox(page), page.rotation);
    const at = list.findIndex((drawn) => kind.includes(drawn.value.kind) && mostlyOver(box, drawn));
    if (at < 0) return null;
    const [drawn] = list.splice(at, 1);
    return drawn ?? null;
  };

  const appearances: Appearance[] = [];
  for (const field of doc.getForm()?.getFields() ?? []) {
    if (field.type === 'signature' && (field as SignatureField).isSigned()) continue;
    if (field.isReadOnly()) continue;
    if (field.type === 'checkbox' || field.type === 'radio') {
      for (const widget of field.getWidgets()) {
        const page = pageOf(widget);
        const on = widget.getOnValue();
        const drawn = page && on && take(page, widget, field.type === 'radio' ? ['dot'] : ['check']);
        if (!page || !on || !drawn) continue;
        // The form's own appearance of the state chosen: each widget shows its own "on" or Off.
        field.acroField().set('V', PdfName.of(on));
        for (const other of field.getWidgets())
          other.setAppearanceState(other.getOnValue() === on ? on : 'Off');
        // A widget without an "on" appearance of its own (hyperref's leave it to the viewer) is
        // given ours, the mark the seal draws anywhere else.
        if (!appearanceFor(doc, widget, on)) {
          appearances.push({
            page,
            drawn: { ...drawn, ...displayedBox(widget.rect, visibleBox(page), page.rotation) },
            apply: (appearance) => {
              const states = widget.dict.getDict('AP', (ref) => doc.getObject(ref))?.get('N');
              const own = states instanceof PdfRef ? doc.getObject(states) : states;
              const off = own instanceof PdfDict && !(own instanceof PdfStream) ? own.get('Off') : undefined;
              widget.dict.set(
                'AP',
                PdfDict.of({ N: PdfDict.of({ [on]: appearance, ...(off ? { Off: off } : {}) }) }),
              );
            },
          });
        }
        if (field.type === 'checkbox') (field as CheckboxField).needsAppearanceUpdate = false;
        break;
      }
      continue;
    }
    if (field.type !== 'text' && field.type !== 'dropdown' && field.type !== 'listbox') continue;
    for (const widget of field.getWidgets()) {
      const page = pageOf(widget);
      const drawn = page && take(page, widget, ['text']);
      if (!page || !drawn || drawn.value.kind !== 'text') continue;
      field.acroField().set('V', fieldValue(field, drawn.value.text));
      const empty = page.rotation === 0 ? emptyBoxOf(doc, widget) : null;
      appearances.push({
        page,
        // Our appearance fills the widget's own rectangle.
        drawn: { ...drawn, ...displayedBox(widget.rect, visibleBox(page), page.rotation) },
        apply: (appearance) =>
          widget.dict.set('AP', PdfDict.of({ N: empty ? withEmptyBox(doc, empty, appearance) : appearance })),
      });
    }
  }
  return { appearances, rest };
}

/** A value of no widget of the form as a Stamp annotation on its page, printed and locked. */
function stampOf(doc: PDF, page: PDFPage, drawn: DrawnField): Appearance {
  return {
    page,
    drawn,
    apply: (appearance) => {
      const annotation = doc.register(
        PdfDict.of({
          Type: PdfName.of('Annot'),
          Subtype: PdfName.of('Stamp'),
          Rect: PdfArray.of(...userRect(drawn, visibleBox(page), page.rotation).map((n) => PdfNumber.of(n))),
          F: PdfNumber.of(printedAndLocked),
          P: page.ref,
          ...(drawn.value.kind === 'text' ? { Contents: PdfString.fromString(drawn.value.text) } : {}),
          AP: PdfDict.of({ N: appearance }),
        }),
      );
      addAnnotation(doc, page, annotation);
    },
  };
}

/** Renders the appearances, one overlay page each of its box's size as it shows, and applies them. */
async function makeAppearances(doc: PDF, appearances: Appearance[]): Promise<PdfRef[]> {
  if (appearances.length === 0) return [];
  const overlay = await renderFieldOverlay(
    appearances.map(({ page, drawn }) => {
      const shown = displayedSize(page);
      return {
        width: drawn.width * shown.width,
        height: drawn.height * shown.height,
        fields: [{ x: 0, y: 0, width: 1, height: 1, value: drawn.value }],
      };
    }),
  );
  const source = await (doc.constructor as typeof PDF).load(overlay);
  const made: PdfRef[] = [];
  for (const [position, { page, apply }] of appearances.entries()) {
    const embedded = await doc.embedPage(source, position);
    const stream = doc.context.resolve(embedded.ref);
    // Turned with the page, so it shows upright where the signer saw it.
    if (stream instanceof PdfDict && page.rotation) stream.set('Matrix', rotation(page.rotation));
    apply(embedded.ref);
    made.push(embedded.ref);
  }
  return made;
}

/** A widget's own normal appearance of a state, when it is one that draws something. */
function appearanceFor(doc: PDF, widget: Widget, state: string): PdfStream | null {
  const normal = widget.dict.getDict('AP', (ref) => doc.getObject(ref))?.get('N');
  const states = normal instanceof PdfRef ? doc.getObject(normal) : normal;
  if (!(states instanceof PdfDict) || states instanceof PdfStream) return null;
  const own = states.get(state);
  const stream = own instanceof PdfRef ? doc.getObject(own) : own;
  return stream instanceof PdfStream && stream.data.length > 0 ? stream : null;
}

/**
 * A widget's own normal appearance as it is empty (its border and background), when it can be
 * drawn under a value unchanged: a form XObject of the widget's size, neither turned nor moved.
 */
function emptyBoxOf(doc: PDF, widget: Widget): { ref: PdfRef; box: number[] } | null {
  const normal = widget.dict.getDict('AP', (ref) => doc.getObject(ref))?.get('N');
  if (!(normal instanceof PdfRef)) return null;
  const stream = doc.getObject(normal);
  if (!(stream instanceof PdfStream) || stream.has('Matrix')) return null;
  const bbox = stream.getArray('BBox', (ref) => doc.getObject(ref));
  const box = [0, 1, 2, 3].map((index) => {
    const item = bbox?.at(index);
    return item instanceof PdfNumber ? item.value : Number.NaN;
  });
  const [left = 0, bottom = 0, right = 0, top = 0] = box;
  if (box.some((n) => !Number.isFinite(n)) || right <= left || top <= bottom) return null;
  return { ref: normal, box };
}

/**
 * The widget's empty box with the value's appearance drawn in it: one form XObject that paints
 * the one, then the other scaled to the box.
 */
function withEmptyBox(doc: PDF, empty: { ref: PdfRef; box: number[] }, value: PdfRef): PdfRef {
  const [left = 0, bottom = 0, right = 0, top = 0] = empty.box;
  const own = doc.getObject(value);
  const valueBox = own instanceof PdfStream ? own.getArray('BBox') : undefined;
  const size = [2, 3].map((index) => {
    const item = valueBox?.at(index);
    return item instanceof PdfNumber && item.value > 0 ? item.value : 1;
  });
  const [width = 1, height = 1] = size;
  const scale = [(right - left) / width, 0, 0, (top - bottom) / height, left, bottom];
  const content = `q /Box Do Q q ${scale.map((n) => Number(n.toFixed(4))).join(' ')} cm /Value Do Q`;
  const stream = new PdfStream(
    PdfDict.of({
      Type: PdfName.of('XObject'),
      Subtype: PdfName.of('Form'),
      BBox: PdfArray.of(...empty.box.map((n) => PdfNumber.of(n))),
      Resources: PdfDict.of({ XObject: PdfDict.of({ Box: empty.ref, Value: value }) }),
    }),
    new TextEncoder().encode(content),
  );
  return doc.register(stream);
}

/** A rotation counter-clockwise by the page's /Rotate, as a form XObject's /Matrix. */
function rotation(degrees: 90 | 180 | 270): PdfArray {
  const [cos, sin] = degrees === 90 ? [0, 1] : degrees === 180 ? [-1, 0] : [0, -1];
  return PdfArray.of(...[cos, sin, -sin, cos, 0, 0].map((n) => PdfNumber.of(n)));
}

/** A text's value for its field: a choice's export value where the list has one. */
function fieldValue(field: FormField, text: string): PdfString {
  if (field.type === 'dropdown' || field.type === 'listbox') {
    const option = (field as DropdownField | ListBoxField)
      .getOptions()
      .find((choice) => (choice.display || choice.value) === text);
    if (option) return PdfString.fromString(option.value);
  }
  return PdfString.fromString(text);
}

/** Adds an annotation to its page's /Annots (the array itself when the page names it indirectly). */
function addAnnotation(doc: PDF, page: PDFPage, annotation: PdfRef): void {
  const own = page.dict.get('Annots');
  const array = own instanceof PdfRef ? doc.context.resolve(own) : own;
  if (array instanceof PdfArray) array.push(annotation);
  else page.dict.set('Annots', PdfArray.of(annotation));
}

/**
 * Turns /NeedAppearances off when every field holding a value has an appearance for each of its
 * widgets; else a viewer still has to make the missing ones, and it stays. Left on, a viewer
 * remakes every appearance in the form's own font: poppler printed "Zofia Winiewska", its
 * Helvetica without "ś".
 */
function settleNeedAppearances(doc: PDF): void {
  const form = doc.getForm()?.acroForm();
  if (!form?.needAppearances) return;
  const missing = form.getFields().some((field) => {
    // A signature's value is its signature dictionary: no viewer makes its appearance from it.
    if (field.type === 'signature') return false;
    const value = field.acroField().get('V');
    const empty = value === undefined || (value instanceof PdfString && value.asString() === '');
    return !empty && field.getWidgets().some((widget) => !widget.hasNormalAppearance());
  });
  if (!missing) form.getDict().set('NeedAppearances', PdfBool.of(false));
}

/** Whether a drawn field covers most of a widget (both in fractions of the displayed page). */
export function mostlyOver(widget: PageBox, drawn: PageBox): boolean {
  const width = Math.min(widget.x + widget.width, drawn.x + drawn.width) - Math.max(widget.x, drawn.x);
  const height = Math.min(widget.y + widget.height, drawn.y + drawn.height) - Math.max(widget.y, drawn.y);
  // Each mostly over the other: a widget of a point or two inside a placed box (a counterparty's,
  // to make the value unreadable) is not the box's.
  const shared = width * height;
  return (
    width > 0 &&
    height > 0 &&
    shared >= 0.5 * widget.width * widget.height &&
    shared >= 0.5 * drawn.width * drawn.height
  );
}
