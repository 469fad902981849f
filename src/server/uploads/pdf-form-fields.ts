import {
  type CheckboxField,
  type DropdownField,
  type FormField,
  type ListBoxField,
  type PDF,
  type PDFPage,
  PdfRef,
  type RadioField,
  type SignatureField,
  type TextField,
} from '@libpdf/core';
import type { FieldOptions, FieldType } from '../../shared/api/contract-fields';
import { displayedBox, type PageBox, visibleBox } from './page-geometry';

/** A form field the PDF brings, as a field of ours to place where its widget is. */
export type FoundField = PageBox & {
  page: number;
  type: FieldType;
  label: string;
  required: boolean;
  value: string | null;
  options: FieldOptions;
};

/** Choices a field of ours holds at most (the schema's bound); a form's longer lists are cut. */
const maxChoices = 50;

/**
 * The PDF's own form fields (AcroForm), each widget as a field of ours on its page: text, checkbox,
 * radio group, dropdown (and a list box as one), and an empty signature field as a signature.
 * Push buttons and fields already signed are left as they are. The sender assigns each to a signer.
 */
export function formFieldsOf(pdf: PDF, limit: number): FoundField[] {
  const form = pdf.getForm();
  if (!form) return [];
  const pageOf = widgetPages(pdf);
  const found: FoundField[] = [];
  for (const field of form.getFields()) {
    if (found.length >= limit) break;
    const described = asOurField(field);
    if (!described) continue;
    const label = (field.alternateName ?? field.name).slice(0, 100);
    const widgets = field.getWidgets();
    // A radio group is one field whose widgets are its choices: placed where the first one is.
    for (const widget of field.type === 'radio' ? widgets.slice(0, 1) : widgets) {
      const page = pageOf(widget);
      if (!page) continue;
      const box = displayedBox(widget.rect, visibleBox(page), page.rotation);
      if (box.width <= 0 || box.height <= 0) continue;
      found.push({ ...box, page: page.index, label, required: field.isRequired(), ...described });
      if (found.length >= limit) break;
    }
  }
  return found;
}

/** A form field's widget (the library does not export its class). */
type Widget = ReturnType<FormField['getWidgets']>[number];

/**
 * The page each form widget is on. A widget names its page (/P) only optionally (pdfTeX's do
 * not): the pages' /Annots say too.
 */
export function widgetPages(pdf: PDF): (widget: Widget) => PDFPage | undefined {
  const pages = pdf.getPages();
  const key = (ref: PdfRef) => `${ref.objectNumber} ${ref.generation}`;
  const byRef = new Map(pages.map((page) => [key(page.ref), page]));
  const byWidget = new Map<string, PDFPage>();
  for (const page of pages) {
    const annotations = page.dict.getArray('Annots');
    for (let index = 0; annotations && index < annotations.length; index++) {
      const ref = annotations.at(index);
      if (ref instanceof PdfRef) byWidget.set(key(ref), page);
    }
  }
  return (widget) =>
    (widget.pageRef && byRef.get(key(widget.pageRef))) ||
    (widget.ref && byWidget.get(key(widget.ref))) ||
    undefined;
}

type Described = Pick<FoundField, 'type' | 'value' | 'options'>;

function asOurField(field: FormField): Described | null {
  const text = (value: string | null | undefined) => (value ? value.slice(0, 4000) : null);
  switch (field.type) {
    case 'text': {
      const textField = field as TextField;
      return {
        type: 'text',
        value: text(textField.getValue()),
        options: {
          ...(textField.isMultiline ? { multiline: true } : {}),
          ...(textField.maxLength > 0 ? { maxLength: Math.min(textField.maxLength, 4000) } : {}),
        },
      };
    }
    case 'checkbox':
      return { type: 'checkbox', value: (field as CheckboxField).isChecked() ? 'true' : null, options: {} };
    case 'radio': {
      const radio = field as RadioField;
      const choices = unique(radio.getOptions()).slice(0, maxChoices);
      if (choices.length < 2) return null;
      const value = radio.getValue();
      return { type: 'radio', value: value && choices.includes(value) ? value : null, options: { choices } };
    }
    case 'dropdown':
    case 'listbox': {
      const list = field as DropdownField | ListBoxField;
      const choices = unique(list.getOptions().map((option) => option.display || option.value)).slice(
        0,
        maxChoices,
      );
      if (choices.length < 2) return null;
      return { type: 'dropdown', value: null, options: { choices } };
    }
    case 'signature':
      return (field as SignatureField).isSigned() ? null : { type: 'signature', value: null, options: {} };
    default:
      return null;
  }
}

const unique = (values: string[]) => [
  ...new Set(values.map((value) => value.trim().slice(0, 100)).filter(Boolean)),
];
