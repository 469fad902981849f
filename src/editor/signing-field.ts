import { Node } from '@tiptap/core';
import { type SigningFieldAttrs, signingFieldText, textFieldOptionsSchema } from './signing-field-values';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    signingField: {
      /** Puts a signing field at the selection. */
      insertSigningField: (attrs: SigningFieldAttrs) => ReturnType;
    };
  }
}

/** A data attribute's JSON, or null when it is missing or not JSON (the content check does the rest). */
function parseJson(element: HTMLElement, name: string): unknown {
  const raw = element.getAttribute(name);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function parseChoices(element: HTMLElement): string[] | null {
  const parsed = parseJson(element, 'data-choices');
  return Array.isArray(parsed) ? parsed.map(String) : null;
}

/**
 * The signing field node: an inline atom for a value a signer fills where it is written (rules
 * and limits in signing-field-values.ts, which the PDF worker uses without loading Tiptap). It
 * shows as a chip in the signer's colour; the PDF prints its empty box in the line.
 */
export const SigningField = Node.create({
  name: 'signingField',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,

  addAttributes() {
    // Rendered by renderHTML below, not attribute by attribute.
    return {
      type: {
        default: 'signature',
        rendered: false,
        parseHTML: (element) => element.getAttribute('data-signing-field'),
      },
      signer: {
        default: 1,
        rendered: false,
        parseHTML: (element) => Number(element.getAttribute('data-signer')),
      },
      label: {
        default: '',
        rendered: false,
        parseHTML: (element) => element.getAttribute('data-label') ?? '',
      },
      required: {
        default: true,
        rendered: false,
        parseHTML: (element) => element.getAttribute('data-required') !== 'false',
      },
      choices: { default: null, rendered: false, parseHTML: parseChoices },
      options: {
        default: null,
        rendered: false,
        // Pasted HTML may carry anything: options that are not a text field's are dropped, so they
        // never stop the text from being saved.
        parseHTML: (element) =>
          textFieldOptionsSchema.safeParse(parseJson(element, 'data-options')).data ?? null,
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-signing-field]' }];
  },

  renderHTML({ node }) {
    const attrs = node.attrs as SigningFieldAttrs;
    return [
      'span',
      {
        class: 'signing-field',
        'data-signing-field': attrs.type,
        'data-signer': String(attrs.signer),
        'data-label': attrs.label,
        'data-required': String(attrs.required),
        ...(attrs.choices ? { 'data-choices': JSON.stringify(attrs.choices) } : {}),
        ...(attrs.options ? { 'data-options': JSON.stringify(attrs.options) } : {}),
      },
      signingFieldText(attrs),
    ];
  },

  renderText({ node }) {
    return signingFieldText(node.attrs);
  },

  addCommands() {
    return {
      insertSigningField:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});
