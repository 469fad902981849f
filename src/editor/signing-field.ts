import { Node } from '@tiptap/core';
import { type SigningFieldAttrs, signingFieldText } from './signing-field-values';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    signingField: {
      /** Puts a signing field at the selection. */
      insertSigningField: (attrs: SigningFieldAttrs) => ReturnType;
    };
  }
}

function parseChoices(element: HTMLElement): string[] | null {
  const raw = element.getAttribute('data-choices');
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
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
