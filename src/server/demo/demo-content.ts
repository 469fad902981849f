import type { EditorDocument, EditorNode } from '../../shared/api/editor-document';

const text = (value: string, marks?: EditorNode['marks']): EditorNode => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});
const paragraph = (...content: EditorNode[]): EditorNode => ({ type: 'paragraph', content });
const heading = (level: number, value: string): EditorNode => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});
const bullets = (...items: string[]): EditorNode => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [paragraph(text(item))] })),
});

/** A short, realistic agreement for the demo workspace's contracts and templates. */
export function demoAgreement(title: string, partyA: string, partyB: string): EditorDocument {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1, textAlign: 'center' }, content: [text(title)] },
      paragraph(
        text('This agreement is made between '),
        text(partyA, [{ type: 'bold' }]),
        text(' and '),
        text(partyB, [{ type: 'bold' }]),
        text(' (together, the “Parties”).'),
      ),
      heading(2, '1. Purpose'),
      paragraph(text('The Parties wish to work together and set out here the terms that govern that work.')),
      heading(2, '2. Obligations'),
      bullets(
        'Each Party performs its obligations with reasonable skill and care.',
        'Each Party keeps the other’s confidential information confidential.',
        'Invoices are payable within 30 days of receipt.',
      ),
      heading(2, '3. Term'),
      paragraph(
        text('This agreement starts on the date of the last signature and continues for '),
        text('twelve (12) months', [{ type: 'italic' }]),
        text(' unless ended earlier in writing.'),
      ),
      {
        type: 'blockquote',
        content: [paragraph(text('Either Party may end this agreement with 30 days’ written notice.'))],
      },
      { type: 'horizontalRule' },
      paragraph(text('Signed by the Parties on the dates shown in the signature record.')),
    ],
  };
}
