import type { EditorDocument, EditorMark, EditorNode } from '../../shared/api/editor-document';

/**
 * A realistic services agreement of roughly `pages` A4 pages, for the seal benchmark and the demo
 * seed. It is deterministic (no randomness, no dates) and uses every node and mark the editor can
 * produce, with the first clause holding all of them, so even a one-page sample exercises them.
 */
export function sampleContract(pages: number): EditorDocument {
  const target = Math.max(1, Math.round(pages));
  // Calibrated on the PDF renderer: the preamble and closing take about half a page and each
  // clause a third of a page.
  const clauses = Math.max(1, Math.round((target - 0.55) * clausesPerPage));
  const content: EditorNode[] = [...preamble()];
  for (let index = 0; index < clauses; index += 1) content.push(...clause(index));
  content.push(...closing());
  return { type: 'doc', content };
}

const clausesPerPage = 2.7;

const text = (value: string, ...marks: EditorMark[]): EditorNode =>
  marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value };
const bold: EditorMark = { type: 'bold' };
const italic: EditorMark = { type: 'italic' };
const strike: EditorMark = { type: 'strike' };
const code: EditorMark = { type: 'code' };
const color = (value: string): EditorMark => ({ type: 'textStyle', attrs: { color: value } });
const paragraph = (content: EditorNode[], textAlign?: string): EditorNode => ({
  type: 'paragraph',
  ...(textAlign ? { attrs: { textAlign } } : {}),
  content,
});
const heading = (level: number, value: string): EditorNode => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});
const item = (...content: EditorNode[]): EditorNode => ({ type: 'listItem', content });
const bulletList = (items: string[]): EditorNode => ({
  type: 'bulletList',
  content: items.map((value) => item(paragraph([text(value)]))),
});
const orderedList = (start: number, items: EditorNode[]): EditorNode => ({
  type: 'orderedList',
  attrs: { start },
  content: items,
});

function preamble(): EditorNode[] {
  return [
    paragraph(
      [
        text('This '),
        text('Master Services Agreement', bold),
        text(' (the "'),
        text('Agreement', italic),
        text('") is made between the parties below and governs every statement of work they sign.'),
      ],
      'justify',
    ),
    orderedList(1, [
      item(
        paragraph([
          text('Northwind Analytics Ltd', bold),
          text(', a company registered in England and Wales under number 09876543 (the "Supplier"); and'),
        ]),
      ),
      item(
        paragraph([
          text('Contoso Retail GmbH', bold),
          text(', a company registered in Germany under HRB 123456 (the "Customer").'),
        ]),
      ),
    ]),
    { type: 'horizontalRule' },
  ];
}

const topics = [
  'Definitions and Interpretation',
  'Services',
  'Fees and Payment',
  'Service Levels',
  'Confidentiality',
  'Intellectual Property',
  'Data Protection',
  'Warranties',
  'Limitation of Liability',
  'Term and Termination',
  'Force Majeure',
  'Notices',
] as const;

const body =
  'The Supplier shall perform its obligations with the skill, care and diligence reasonably expected of a ' +
  'competent provider of similar services, in accordance with good industry practice and all applicable laws. ' +
  'Each party shall bear its own costs in connection with this clause unless the parties agree otherwise in writing.';

function clause(index: number): EditorNode[] {
  const number = index + 1;
  const topic = topics[index % topics.length] ?? 'General';
  const nodes: EditorNode[] = [
    heading(2, `${number}. ${topic}`),
    paragraph(
      [
        text(`${number}.1 `, bold),
        text(body),
        text(' Time is of the essence', bold, italic),
        text(' for the dates marked '),
        text('critical', color('#dc2626')),
        text(' in the applicable statement of work.'),
      ],
      'justify',
    ),
    orderedList(2, [
      item(
        paragraph([
          text(`The Customer shall pay each invoice within `),
          text('thirty (30)', bold),
          text(' days of receipt; the earlier term of '),
          text('fourteen (14) days', strike),
          text(' no longer applies.'),
        ]),
        bulletList(['invoices are issued monthly in arrears;', 'amounts are exclusive of value added tax.']),
      ),
      item(
        paragraph([
          text('Late payments bear interest at '),
          text('4% above the base rate', italic),
          text(', accruing daily until paid in full.'),
        ]),
      ),
    ]),
  ];
  // Rotate the remaining content types so longer samples stay varied; the first clause has them all.
  const variant = index % 4;
  if (index === 0 || variant === 1) {
    nodes.push(
      {
        type: 'blockquote',
        content: [paragraph([text('Nothing in this clause limits liability for fraud.')])],
      },
      paragraph([
        text('Service credits are computed with the formula in '),
        text('Schedule 2', code),
        text(':'),
      ]),
      {
        type: 'codeBlock',
        attrs: { language: 'text' },
        content: [text('credit = monthly_fee * (target - measured) / target\n  where target = 99.9%')],
      },
    );
  }
  if (index === 0 || variant === 2) {
    nodes.push(
      heading(3, `${number}.2 Exceptions`),
      paragraph([
        text('The obligations above do not apply to information that is or becomes public other than'),
        { type: 'hardBreak' },
        text('through a breach of this Agreement.', italic),
      ]),
    );
  }
  if (index === 0 || variant === 3) {
    nodes.push(
      paragraph([text('— Reviewed and agreed by both parties —', color('rgb(107, 114, 128)'))], 'center'),
    );
  }
  if (index === 0 || variant === 0) nodes.push({ type: 'horizontalRule' });
  return nodes;
}

function closing(): EditorNode[] {
  return [
    heading(1, 'Execution'),
    paragraph([
      text('This Agreement has been entered into on the date it is signed by the last party to sign it.'),
    ]),
    paragraph([text('Signed electronically through Pactum.', italic)], 'right'),
  ];
}
