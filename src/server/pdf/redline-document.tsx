import { Document, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { EditorDocument } from '../../shared/api/editor-document';
import { redlineColors, renderBlocks } from './contract-document';
import { colors, contentWidth, fonts, PageFrame } from './page-frame';
import { formatUtc, longWordPenalty, toPdfText, wordBreaker } from './pdf-text';

/** One side of a comparison, as its header names it. */
export type RedlineSide = { number: number; author: string; createdAt: string; contentHash: string };

export type RedlinePdfInput = {
  title: string;
  organizationName: string;
  from: RedlineSide;
  to: RedlineSide;
  /** The later version with `insertion` and `deletion` marks (compareDocuments). */
  content: EditorDocument;
  summary: { insertedWords: number; deletedWords: number; wordByWord: boolean };
};

const styles = StyleSheet.create({
  titleBlock: {
    marginBottom: 14,
    paddingBottom: 8,
    borderBottomWidth: 1.5,
    borderBottomColor: colors.accent,
  },
  title: { fontWeight: 700, fontSize: 18, lineHeight: 1.25, color: colors.accent },
  kicker: { fontSize: 9, color: colors.muted, marginBottom: 3 },
  versions: { marginTop: 8, fontSize: 8.5, lineHeight: 1.35 },
  versionRow: { flexDirection: 'row', marginBottom: 3 },
  versionLabel: { width: 44, fontWeight: 700 },
  versionBody: { flexGrow: 1, flexShrink: 1 },
  hash: { fontFamily: fonts.mono, fontSize: 7.5, color: colors.muted },
  legend: { marginTop: 6, fontSize: 8.5, color: colors.muted },
});

/**
 * A comparison of two versions as a PDF: a header naming both (number, author, time, content
 * hash), a legend, then the later version printed as the contract is, with what was added
 * underlined in blue and what was removed struck through in red, as on screen.
 */
export function RedlineDocument(props: RedlinePdfInput) {
  const { from, to, summary } = props;
  const reference = `Comparison of versions ${from.number} and ${to.number}`;
  return (
    <Document
      title={`${props.title}: ${reference.toLowerCase()}`}
      author={props.organizationName}
      subject={reference}
      creator="Pactum"
      producer="Pactum"
    >
      <PageFrame title={props.title} aside={props.organizationName} reference={reference}>
        <View style={styles.titleBlock}>
          <Text style={styles.kicker}>Redline</Text>
          <Text
            style={styles.title}
            hyphenationCallback={wordBreaker(contentWidth, 18)}
            hyphenationPenalty={longWordPenalty}
          >
            {toPdfText(props.title)}
          </Text>
          <View style={styles.versions}>
            <VersionLine label="From" side={from} />
            <VersionLine label="To" side={to} />
          </View>
          <Text style={styles.legend}>
            {'Legend: '}
            <Text style={{ color: redlineColors.insertion, textDecoration: 'underline' }}>added text</Text>
            {' · '}
            <Text style={{ color: redlineColors.deletion, textDecoration: 'line-through' }}>
              removed text
            </Text>
            {` · ${summary.insertedWords} words added, ${summary.deletedWords} removed`}
            {summary.wordByWord
              ? ''
              : ' · some parts too different to compare word by word are shown removed and added whole'}
          </Text>
        </View>
        {renderBlocks(props.content.content ?? [], { width: contentWidth, listDepth: 0, nested: false })}
      </PageFrame>
    </Document>
  );
}

function VersionLine(props: { label: string; side: RedlineSide }) {
  const { side } = props;
  return (
    <View style={styles.versionRow}>
      <Text style={styles.versionLabel}>{props.label}</Text>
      <View style={styles.versionBody}>
        <Text>
          {toPdfText(`Version ${side.number} · ${side.author} · ${formatUtc(new Date(side.createdAt))}`)}
        </Text>
        <Text style={styles.hash}>{`Content SHA-256 ${side.contentHash}`}</Text>
      </View>
    </View>
  );
}

/** The comparison as PDF bytes. */
export async function renderRedlinePdf(input: RedlinePdfInput): Promise<Uint8Array> {
  return renderToBuffer(<RedlineDocument {...input} />);
}
