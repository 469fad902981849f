import { Document, Link, StyleSheet, type Styles, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { maxIndent } from '../../editor/indent';
import { safeLinkHref } from '../../editor/link-href';
import { mergeFieldText } from '../../editor/merge-field-values';
import type { SigningFieldAttrs } from '../../editor/signing-field-values';
import type { EditorDocument, EditorMark, EditorNode } from '../../shared/api/editor-document';
import { renderTable } from './contract-table';
import { colors, contentWidth, fonts, PageFrame } from './page-frame';
import { formatLongDate, listNumber, longWordPenalty, toPdfText, wordBreaker } from './pdf-text';
import { type FieldMarks, FieldMarksProvider, SigningFieldMark } from './text-field-marks';

type Style = Styles[string];

export type ContractDocumentProps = {
  title: string;
  content: EditorDocument;
  organizationName: string;
  reference: string;
  sentAt: Date;
  /** Given, the signing fields written in the text are laid out as their boxes and recorded here. */
  fieldMarks?: FieldMarks;
};

const bodySize = 10.5;
/** Heading sizes by level: a clear step down from the document title (20 pt) to body text. */
const headingSizes = [17, 14.5, 12.5, 11.5, 10.5, 10] as const;
const blockGap = 7;
const listGap = 3;
const codeSize = 8.5;
/** Left rule plus padding of a quote. */
const quoteIndent = 14.5;
const alignments = new Set(['left', 'center', 'right', 'justify']);
/** Nested lists alternate markers, as the editor's stylesheet does, so levels stay distinguishable. */
const bullets = ['•', '–'] as const;

const styles = StyleSheet.create({
  titleBlock: {
    marginBottom: 18,
    paddingBottom: 10,
    borderBottomWidth: 1.5,
    borderBottomColor: colors.accent,
  },
  title: { fontWeight: 700, fontSize: 20, lineHeight: 1.25, color: colors.accent },
  subtitle: { marginTop: 5, fontSize: 9, color: colors.muted },
  codeBlock: {
    backgroundColor: colors.faint,
    borderRadius: 3,
    paddingVertical: 6,
    paddingHorizontal: 8,
  },
  codeText: { fontFamily: fonts.mono, fontSize: codeSize, lineHeight: 1.4 },
  quote: {
    borderLeftWidth: 2.5,
    borderLeftColor: colors.strongRule,
    paddingLeft: 10,
    marginLeft: 2,
    color: '#374151',
  },
  rule: { borderBottomWidth: 0.75, borderBottomColor: colors.rule, marginTop: 6 },
  listItem: { flexDirection: 'row' },
  listBody: { flexGrow: 1, flexShrink: 1 },
});

/**
 * Where a block sits: the width it has (long words are cut to fit it), its list depth (bullets
 * alternate by depth) and whether it is the last block of a list item or quote, whose own bottom
 * gap already separates it from what follows.
 */
type BlockContext = {
  width: number;
  listDepth: number;
  last: boolean;
  nested: boolean;
  /** Inside a legal list item: its full number ('1.2'), which nested legal items extend. */
  legalPrefix?: string;
  /** Inside a table cell: header cells are bold, and the cell's alignment wins over the paragraph's. */
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
};

/** A redline's colours, as on screen: added text blue and underlined, removed text red and struck through. */
export const redlineColors = { insertion: '#1d4ed8', deletion: '#b91c1c' } as const;

/** One indent step, as the editor's: half an inch. */
const indentStep = 36;

/** The contract as sent, rendered from the same JSON the editor stores. */
export function ContractDocument(props: ContractDocumentProps) {
  return (
    <Document
      title={props.title}
      author={props.organizationName}
      subject={props.reference}
      creator="Pactum"
      producer="Pactum"
      creationDate={props.sentAt}
      modificationDate={props.sentAt}
    >
      <FieldMarksProvider value={props.fieldMarks ?? null}>
        <PageFrame title={props.title} aside={props.organizationName} reference={props.reference}>
          <View style={styles.titleBlock}>
            <Text
              style={styles.title}
              hyphenationCallback={wordBreaker(contentWidth, 20)}
              hyphenationPenalty={longWordPenalty}
            >
              {toPdfText(props.title)}
            </Text>
            <Text style={styles.subtitle}>
              {toPdfText(`${props.organizationName} · Sent for signature on ${formatLongDate(props.sentAt)}`)}
            </Text>
          </View>
          {renderBlocks(props.content.content ?? [], { width: contentWidth, listDepth: 0, nested: false })}
        </PageFrame>
      </FieldMarksProvider>
    </Document>
  );
}

export function renderBlocks(nodes: EditorNode[], context: Omit<BlockContext, 'last'>): ReactNode[] {
  return nodes.map((node, index) =>
    renderBlock(node, index, { ...context, last: context.nested && index === nodes.length - 1 }),
  );
}

function renderBlock(node: EditorNode, key: number, context: BlockContext): ReactNode {
  // Blocks inside a list item sit closer together, so an item reads as one unit.
  const gap: Style = { marginBottom: context.last ? 0 : context.listDepth > 0 ? listGap : blockGap };
  switch (node.type) {
    case 'paragraph': {
      const indent = indentOf(node, context.width);
      return (
        <Paragraph
          key={key}
          style={[gap, alignment(node, context), { marginLeft: indent }]}
          breakWords={wordBreaker(context.width - indent, bodySize)}
        >
          {renderInline(node.content, context.bold === true)}
        </Paragraph>
      );
    }
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level) || 1, 1), 6);
      const size = headingSizes[level - 1] ?? bodySize;
      const heading: Style = {
        fontSize: size,
        lineHeight: 1.3,
        marginTop: key === 0 ? 0 : size * 0.6,
        marginBottom: context.last ? 0 : Math.max(blockGap - 1, size * 0.35),
        color: level <= 2 ? colors.accent : colors.text,
      };
      const indent = indentOf(node, context.width);
      // minPresenceAhead keeps a heading from being the last line of a page, apart from its text.
      return (
        <Paragraph
          key={key}
          style={[heading, alignment(node, context), { marginLeft: indent }]}
          breakWords={wordBreaker(context.width - indent, size)}
          minPresenceAhead={36}
        >
          {renderInline(node.content, true)}
        </Paragraph>
      );
    }
    case 'codeBlock':
      return (
        <View key={key} style={[styles.codeBlock, gap]}>
          <Text
            style={styles.codeText}
            hyphenationCallback={wordBreaker(context.width - 16, codeSize, true)}
            hyphenationPenalty={longWordPenalty}
          >
            {codeText(node)}
          </Text>
        </View>
      );
    case 'blockquote':
      return (
        <View key={key} style={[styles.quote, gap]}>
          {renderBlocks(node.content ?? [], { ...context, width: context.width - quoteIndent, nested: true })}
        </View>
      );
    case 'bulletList':
    case 'orderedList':
      return (
        <View key={key} style={gap}>
          {renderList(node, context)}
        </View>
      );
    case 'table':
      return renderTable(node, key, context.width, context.last ? 0 : blockGap, (cell, cell_) =>
        renderBlocks(cell.content ?? [], {
          width: cell_.width,
          listDepth: 0,
          nested: true,
          bold: cell_.bold,
          ...(cell_.align ? { align: cell_.align } : {}),
        }),
      );
    case 'pageBreak':
      // The content after it starts a new page, as the editor's page break marks.
      return <View key={key} break />;
    case 'horizontalRule':
      return <View key={key} style={[styles.rule, { marginBottom: context.last ? 0 : blockGap + 6 }]} />;
    default:
      // Unknown blocks cannot pass normalizeDocument; showing their text beats dropping it.
      return (
        <Paragraph key={key} style={gap} breakWords={wordBreaker(context.width, bodySize)}>
          {toPdfText(plainText(node))}
        </Paragraph>
      );
  }
}

function Paragraph(props: {
  style: Style | Style[];
  breakWords: (word: string) => string[];
  minPresenceAhead?: number;
  children: ReactNode;
}) {
  const children = Array.isArray(props.children) && props.children.length === 0 ? null : props.children;
  return (
    <Text
      style={props.style}
      minPresenceAhead={props.minPresenceAhead}
      hyphenationCallback={props.breakWords}
      hyphenationPenalty={longWordPenalty}
    >
      {/* An empty paragraph is a blank line in the editor; a no-break space keeps its height. */}
      {children ?? '\u00a0'}
    </Text>
  );
}

/** The left indent of a paragraph or heading: half an inch a step, leaving at least half the width. */
function indentOf(node: EditorNode, width: number): number {
  const steps = Math.min(Math.max(Math.trunc(Number(node.attrs?.indent) || 0), 0), maxIndent);
  return Math.min(steps * indentStep, width / 2);
}

function alignment(node: EditorNode, context: BlockContext): Style {
  if (context.align) return { textAlign: context.align };
  const align = node.attrs?.textAlign;
  return typeof align === 'string' && alignments.has(align)
    ? { textAlign: align as 'left' | 'center' | 'right' | 'justify' }
    : {};
}

function renderList(list: EditorNode, context: BlockContext): ReactNode[] {
  const items = list.content ?? [];
  const ordered = list.type === 'orderedList';
  const start = Number.isInteger(list.attrs?.start) ? Number(list.attrs?.start) : 1;
  const kind = typeof list.attrs?.type === 'string' ? list.attrs.type : '1';
  const legal = ordered && list.attrs?.numbering === 'legal';
  // A legal list nested in a legal item continues its number: 1., then 1.1, then 1.1.1.
  const prefix = legal ? context.legalPrefix : undefined;
  const numbers = items.map((_, index) => {
    const own = listNumber(start + index, kind);
    return prefix ? `${prefix}.${own}` : own;
  });
  const markers = items.map((_, index) =>
    ordered
      ? prefix
        ? (numbers[index] ?? '')
        : `${numbers[index]}.`
      : (bullets[context.listDepth % bullets.length] ?? '•'),
  );
  // Room for the widest marker, so the text of every item starts at the same indent.
  const widest = Math.max(...markers.map((marker) => marker.length), 1);
  const markerWidth = ordered ? Math.max(18, widest * 5.8 + 8) : 16;
  return items.map((item, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
    <View key={index} style={[styles.listItem, { marginBottom: index === items.length - 1 ? 0 : listGap }]}>
      <Text style={{ width: markerWidth, paddingRight: 6, textAlign: ordered ? 'right' : 'center' }}>
        {markers[index]}
      </Text>
      <View style={styles.listBody}>
        {renderBlocks(item.content ?? [], {
          width: context.width - markerWidth,
          listDepth: context.listDepth + 1,
          nested: true,
          ...(legal ? { legalPrefix: numbers[index] } : {}),
        })}
      </View>
    </View>
  ));
}

/** Inline content as nested Text runs; bold and italic pick a face of the same font stacks. */
function renderInline(nodes: EditorNode[] | undefined, boldByDefault: boolean): ReactNode[] {
  return (nodes ?? []).map((node, index) => {
    if (node.type === 'hardBreak') return '\n';
    if (node.type === 'signingField') {
      // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
      return <SigningFieldMark key={index} attrs={node.attrs as SigningFieldAttrs} />;
    }
    // A merge field prints its value (sending refuses an empty one, so the marker never shows).
    const text = node.type === 'mergeField' ? mergeFieldText(node.attrs ?? {}) : node.text;
    if ((node.type !== 'text' && node.type !== 'mergeField') || !text) return null;
    const marks = node.marks ?? [];
    // Unmarked text inherits the paragraph's style: a plain string saves a layout node per run.
    if (marks.length === 0 && !boldByDefault) return toPdfText(text);
    const has = (type: string) => marks.some((mark) => mark.type === type);
    const style: Style = {};
    if (boldByDefault || has('bold')) style.fontWeight = 700;
    if (has('italic')) style.fontStyle = 'italic';
    if (has('code')) {
      style.fontFamily = fonts.mono;
      style.backgroundColor = colors.faint;
    }
    const href = safeLinkHref(marks.find((mark) => mark.type === 'link')?.attrs?.href);
    const inserted = has('insertion');
    const deleted = has('deletion');
    const decorations = [
      has('underline') || href || inserted ? 'underline' : null,
      has('strike') || deleted ? 'line-through' : null,
    ].filter(Boolean);
    if (decorations.length > 0) style.textDecoration = decorations.join(' ') as Style['textDecoration'];
    const color = inserted
      ? redlineColors.insertion
      : deleted
        ? redlineColors.deletion
        : (colorOf(marks) ?? (href ? colors.link : undefined));
    if (color) style.color = color;
    // A link is clickable in the PDF (a URI annotation over its text), as in the editor.
    return href ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
      <Link key={index} src={href} style={style}>
        {toPdfText(text)}
      </Link>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
      <Text key={index} style={style}>
        {toPdfText(text)}
      </Text>
    );
  });
}

function colorOf(marks: EditorMark[]): string | undefined {
  const color = marks.find((mark) => mark.type === 'textStyle')?.attrs?.color;
  return typeof color === 'string' && color.length > 0 ? color : undefined;
}

/**
 * Code keeps its indentation: the layout engine collapses spaces at the start of a line, but not
 * no-break spaces (as wide as a space in Noto Sans Mono).
 */
function codeText(node: EditorNode): string {
  const text = toPdfText(plainText(node));
  return text.replace(/^ +/gm, (spaces) => '\u00a0'.repeat(spaces.length));
}

function plainText(node: EditorNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(plainText).join('');
}
