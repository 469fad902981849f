import type {
  CheckboxField,
  DropdownField,
  FormField,
  ListBoxField,
  PDF,
  PDFPage,
  RadioField,
  SignatureField,
  TextField,
} from '@libpdf/core';
import type { FieldOptions } from '../../shared/api/contract-fields';
import { type FieldType, fieldLimits } from '../../shared/fields';
import type { PageBox } from '../../shared/page-box';
import { displayedBox, visibleBox } from '../pdf/page-geometry';
import { type Widget, widgetPages } from '../pdf/widget-pages';

/** A form field the PDF brings, as a field of ours to place where its widget is. */
export type FoundField = PageBox & {
  page: number;
  type: FieldType;
  label: string;
  required: boolean;
  value: string | null;
  options: FieldOptions;
};

/** Choices a field of ours holds at most (the catalogue's bound); a form's longer lists are cut. */
const maxChoices = fieldLimits.mostChoices;

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
    if (field.type === 'radio') {
      const group = radioGroupOf(widgets, pageOf);
      if (!group) continue;
      const { described: buttons, ...box } = group;
      const chosen = described.value && buttons.choices.includes(described.value) ? described.value : null;
      found.push({
        ...box,
        label,
        required: field.isRequired(),
        type: 'radio',
        value: chosen,
        options: buttons,
      });
      continue;
    }
    for (const widget of widgets) {
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

/**
 * A radio group as one field of ours: its box the one around its buttons (those on the first
 * button's page), each button a choice (its export value) with its own box inside the field's, so
 * the choice is marked at its own button. A value shared by several buttons is the first's.
 */
function radioGroupOf(
  widgets: Widget[],
  pageOf: (widget: Widget) => PDFPage | undefined,
): (PageBox & { page: number; described: { choices: string[]; choiceBoxes: PageBox[] } }) | null {
  const buttons: { choice: string; box: PageBox }[] = [];
  let pageIndex: number | undefined;
  for (const widget of widgets) {
    const page = pageOf(widget);
    const choice = widget.getOnValue()?.trim().slice(0, fieldLimits.choiceCharacters);
    if (!page || !choice || buttons.some((button) => button.choice === choice)) continue;
    if (pageIndex !== undefined && page.index !== pageIndex) continue;
    const box = displayedBox(widget.rect, visibleBox(page), page.rotation);
    if (box.width <= 0 || box.height <= 0) continue;
    pageIndex = page.index;
    buttons.push({ choice, box });
    if (buttons.length >= maxChoices) break;
  }
  if (pageIndex === undefined || buttons.length < fieldLimits.leastChoices) return null;
  const left = Math.min(...buttons.map(({ box }) => box.x));
  const top = Math.min(...buttons.map(({ box }) => box.y));
  const width = Math.max(...buttons.map(({ box }) => box.x + box.width)) - left;
  const height = Math.max(...buttons.map(({ box }) => box.y + box.height)) - top;
  const inside = (value: number) => Math.min(1, Math.max(0, value));
  return {
    x: left,
    y: top,
    width,
    height,
    page: pageIndex,
    described: {
      choices: buttons.map(({ choice }) => choice),
      choiceBoxes: buttons.map(({ box }) => ({
        x: inside((box.x - left) / width),
        y: inside((box.y - top) / height),
        width: inside(box.width / width),
        height: inside(box.height / height),
      })),
    },
  };
}

type Described = Pick<FoundField, 'type' | 'value' | 'options'>;

function asOurField(field: FormField): Described | null {
  const text = (value: string | null | undefined) =>
    value ? value.slice(0, fieldLimits.valueCharacters) : null;
  switch (field.type) {
    case 'text': {
      const textField = field as TextField;
      return {
        type: 'text',
        value: text(textField.getValue()),
        options: {
          ...(textField.isMultiline ? { multiline: true } : {}),
          ...(textField.maxLength > 0
            ? { maxLength: Math.min(textField.maxLength, fieldLimits.valueCharacters) }
            : {}),
        },
      };
    }
    case 'checkbox':
      return { type: 'checkbox', value: (field as CheckboxField).isChecked() ? 'true' : null, options: {} };
    case 'radio': {
      // Its choices and their boxes are its buttons (radioGroupOf); its value, the one chosen.
      const value = (field as RadioField).getValue()?.trim().slice(0, 100) ?? null;
      return { type: 'radio', value, options: {} };
    }
    case 'dropdown':
    case 'listbox': {
      const list = field as DropdownField | ListBoxField;
      const choices = unique(list.getOptions().map((option) => option.display || option.value)).slice(
        0,
        maxChoices,
      );
      if (choices.length < fieldLimits.leastChoices) return null;
      return { type: 'dropdown', value: null, options: { choices } };
    }
    case 'signature':
      return (field as SignatureField).isSigned() ? null : { type: 'signature', value: null, options: {} };
    default:
      return null;
  }
}

const unique = (values: string[]) => [
  ...new Set(values.map((value) => value.trim().slice(0, fieldLimits.choiceCharacters)).filter(Boolean)),
];
