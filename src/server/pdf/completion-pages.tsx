import { Document, Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import { colors, contentWidth, fonts, PageFrame } from './page-frame';
import { formatUtc, longWordPenalty, toPdfText, wordBreaker, wrapMonospace } from './pdf-text';

export type SignerRecord = {
  name: string;
  email: string;
  signedAt: Date;
  /** PNG bytes. */
  signatureImage: Uint8Array;
  ip: string | null;
  userAgent: string | null;
  fields: Array<{ label: string; value: string }>;
};

export type SignaturePagesProps = { title: string; reference: string; signers: SignerRecord[] };

export type HistoryEvent = {
  timestamp: Date;
  action: string;
  actor: string;
  details: string | null;
  ip: string | null;
  userAgent: string | null;
};

export type CertificateProps = {
  title: string;
  reference: string;
  organizationName: string;
  senderName: string;
  senderEmail: string;
  completedAt: Date;
  frozenSha256: string;
  signedSha256: string;
  events: HistoryEvent[];
};

const cellPadding = 4;
/** Courier at this size: IP addresses up to 15 characters fit their column on one line. */
const monoSize = 6.8;
const timeColumnWidth = 56;
const cellSize = 7.5;
const signatureWidth = 200;
const signerPadding = 12;
const signerDetailsWidth = contentWidth - 2 * signerPadding - 1.5 - signatureWidth - 16;
const keyWidth = 150;
const breakFieldWords = wordBreaker(signerDetailsWidth, 9);
const breakTechnicalWords = wordBreaker(signerDetailsWidth, 7.5);
const breakValueWords = wordBreaker(contentWidth - keyWidth, 9);

const styles = StyleSheet.create({
  heading: { fontFamily: fonts.sansBold, fontSize: 18, lineHeight: 1.25, color: colors.accent },
  intro: { marginTop: 4, marginBottom: 16, fontSize: 9, color: colors.muted },
  section: {
    marginTop: 14,
    marginBottom: 6,
    fontFamily: fonts.sansBold,
    fontSize: 11,
    color: colors.accent,
  },
  signer: {
    flexDirection: 'row',
    borderWidth: 0.75,
    borderColor: colors.rule,
    borderRadius: 3,
    padding: signerPadding,
    marginBottom: 12,
  },
  signatureColumn: { width: signatureWidth, flexShrink: 0, marginRight: 16 },
  signatureBox: { height: 70, justifyContent: 'flex-end' },
  signatureImage: { width: signatureWidth, height: 66, objectFit: 'contain', objectPosition: 'left bottom' },
  signatureLine: { borderTopWidth: 0.75, borderTopColor: colors.text, marginTop: 2, paddingTop: 2 },
  caption: { fontSize: 7.5, color: colors.muted },
  signerDetails: { flexGrow: 1, flexShrink: 1, flexBasis: 0, fontSize: 9, lineHeight: 1.4 },
  signerName: { fontFamily: fonts.sansBold, fontSize: 11 },
  muted: { color: colors.muted },
  technical: { marginTop: 4, fontSize: 7.5, color: colors.muted },
  keyValue: {
    flexDirection: 'row',
    paddingVertical: 3,
    borderBottomWidth: 0.5,
    borderBottomColor: colors.faint,
  },
  key: { width: keyWidth, paddingRight: 8, fontSize: 9, color: colors.muted },
  value: { flexGrow: 1, flexShrink: 1, flexBasis: 0, fontSize: 9 },
  hash: { flexGrow: 1, flexShrink: 1, flexBasis: 0, fontFamily: fonts.mono, fontSize: 8 },
  note: { marginTop: 6, fontSize: 8, color: colors.muted },
  tableHeader: { flexDirection: 'row', backgroundColor: colors.accent, color: '#ffffff' },
  row: { borderBottomWidth: 0.5, borderBottomColor: colors.rule },
  rowColumns: { flexDirection: 'row' },
  stripe: { backgroundColor: colors.faint },
  userAgent: {
    marginLeft: timeColumnWidth,
    paddingTop: 0,
    fontFamily: fonts.mono,
    fontSize: monoSize,
    color: colors.muted,
  },
  cell: { paddingHorizontal: cellPadding, paddingVertical: 3, fontSize: cellSize, lineHeight: 1.3 },
  headerCell: { fontFamily: fonts.sansBold },
  monoCell: { fontFamily: fonts.mono, fontSize: monoSize },
});

/** One page (or more, with many signers) showing who signed, when, with what, and what they filled in. */
export function SignaturePagesDocument(props: SignaturePagesProps) {
  const lastSigned = props.signers.reduce<Date | undefined>(
    (latest, signer) => (!latest || signer.signedAt > latest ? signer.signedAt : latest),
    undefined,
  );
  return (
    <Document
      title={toPdfText(`Signatures: ${props.title}`)}
      creator="Pactum"
      producer="Pactum"
      creationDate={lastSigned ?? new Date(0)}
    >
      <PageFrame
        title={props.title}
        aside="Signatures"
        reference={props.reference}
        pageLabel="Signature page"
      >
        <Text style={styles.heading}>Signatures</Text>
        <Text style={styles.intro}>
          {toPdfText(
            `The parties below signed "${props.title}" (${props.reference}) electronically. Times are in UTC.`,
          )}
        </Text>
        {props.signers.map((signer, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
          <SignerBlock key={index} signer={signer} />
        ))}
      </PageFrame>
    </Document>
  );
}

function SignerBlock({ signer }: { signer: SignerRecord }) {
  return (
    // A signer's block never splits: a signature must not sit on one page and its name on the next.
    <View style={styles.signer} wrap={false}>
      <View style={styles.signatureColumn}>
        <View style={styles.signatureBox}>
          <Image style={styles.signatureImage} src={{ data: pngBuffer(signer), format: 'png' }} />
        </View>
        <View style={styles.signatureLine}>
          <Text style={styles.caption}>Signature</Text>
        </View>
      </View>
      <View style={styles.signerDetails}>
        <Text style={styles.signerName}>{toPdfText(signer.name)}</Text>
        <Text>{toPdfText(signer.email)}</Text>
        <Text>
          <Text style={styles.muted}>Signed </Text>
          {formatUtc(signer.signedAt)}
        </Text>
        {signer.fields.map((field, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
          <Text key={index} hyphenationCallback={breakFieldWords} hyphenationPenalty={longWordPenalty}>
            <Text style={styles.muted}>{toPdfText(`${field.label}: `)}</Text>
            {toPdfText(field.value)}
          </Text>
        ))}
        <Text
          style={styles.technical}
          hyphenationCallback={breakTechnicalWords}
          hyphenationPenalty={longWordPenalty}
        >
          {toPdfText(`IP ${signer.ip ?? 'not recorded'} · ${signer.userAgent ?? 'user agent not recorded'}`)}
        </Text>
      </View>
    </View>
  );
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * React-pdf only logs an image it cannot decode and leaves the space blank; a signature page
 * without the signature must fail instead, so the bytes are checked up front.
 */
function pngBuffer(signer: SignerRecord): Buffer {
  const bytes = signer.signatureImage;
  if (bytes.length < 33 || pngSignature.some((byte, index) => bytes[index] !== byte)) {
    throw new Error(`The signature image of ${signer.email} is not a PNG`);
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The history table's columns, in points. The user agent, often 120 characters and more, gets a
 * full-width line under each event instead of a column: in a sixth column it would wrap into a
 * narrow ribbon several times taller than the rest of the row.
 */
const columns = [
  { title: 'Time (UTC)', width: timeColumnWidth },
  { title: 'Action', width: 72 },
  { title: 'Actor', width: 120 },
  { title: 'Details', width: 150 },
  { title: 'IP address', width: contentWidth - 398, mono: true },
] as const;

const cellBreakers = columns.map((column) => wordBreaker(column.width - 2 * cellPadding, cellSize));

/** How many Courier characters fit in a width: Courier advances 0.6 em per character. */
const monoChars = (width: number) => Math.floor((width - 2 * cellPadding) / (0.6 * monoSize));

/** The audit summary appended to a completed contract. */
export function CertificateDocument(props: CertificateProps) {
  const details: Array<[string, string]> = [
    ['Document', props.title],
    ['Reference', props.reference],
    ['Organization', props.organizationName],
    ['Sender', `${props.senderName} <${props.senderEmail}>`],
    ['Completed', formatUtc(props.completedAt)],
  ];
  return (
    <Document
      title={toPdfText(`Certificate of Completion: ${props.title}`)}
      author={toPdfText(props.organizationName)}
      creator="Pactum"
      producer="Pactum"
      creationDate={props.completedAt}
    >
      <PageFrame
        title={props.title}
        aside="Certificate of Completion"
        reference={props.reference}
        pageLabel="Certificate page"
      >
        <Text style={styles.heading}>Certificate of Completion</Text>
        <Text style={styles.intro}>Issued by Pactum when the last party signed. Times are in UTC.</Text>
        {details.map(([key, value]) => (
          <View key={key} style={styles.keyValue} wrap={false}>
            <Text style={styles.key}>{key}</Text>
            <Text
              style={styles.value}
              hyphenationCallback={breakValueWords}
              hyphenationPenalty={longWordPenalty}
            >
              {toPdfText(value)}
            </Text>
          </View>
        ))}
        <Text style={styles.section}>Integrity</Text>
        <View style={styles.keyValue} wrap={false}>
          <Text style={styles.key}>SHA-256 of the document as sent</Text>
          <Text style={styles.hash}>{props.frozenSha256}</Text>
        </View>
        <View style={styles.keyValue} wrap={false}>
          <Text style={styles.key}>SHA-256 of the signed document (document and signature pages)</Text>
          <Text style={styles.hash}>{props.signedSha256}</Text>
        </View>
        <Text style={styles.note}>
          Each hash identifies its document exactly: changing a single byte of it gives a different value.
        </Text>
        <Text style={styles.section} minPresenceAhead={40}>
          History
        </Text>
        <HistoryTable events={props.events} />
      </PageFrame>
    </Document>
  );
}

function HistoryTable({ events }: { events: HistoryEvent[] }) {
  return (
    <View>
      {/* `fixed` in the flow repeats the header row at the top of every page the table continues on. */}
      <View style={styles.tableHeader} fixed>
        {columns.map((column) => (
          <Text key={column.title} style={[styles.cell, styles.headerCell, { width: column.width }]}>
            {column.title}
          </Text>
        ))}
      </View>
      {events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
        <View key={index} style={[styles.row, index % 2 === 1 ? styles.stripe : {}]} wrap={false}>
          <View style={styles.rowColumns}>
            {[
              formatUtc(event.timestamp).replace(' UTC', ''),
              event.action,
              event.actor,
              event.details ?? '',
              event.ip ?? '',
            ].map((value, columnIndex) => {
              const column = columns[columnIndex] ?? columns[0];
              const mono = 'mono' in column;
              const text = toPdfText(value);
              return (
                <Text
                  key={column.title}
                  style={[styles.cell, mono ? styles.monoCell : {}, { width: column.width }]}
                  hyphenationCallback={cellBreakers[columnIndex]}
                  hyphenationPenalty={longWordPenalty}
                >
                  {/* Monospaced cells are wrapped here, exactly, so no hyphen is ever added to an address. */}
                  {mono ? wrapMonospace(text, monoChars(column.width)) : text}
                </Text>
              );
            })}
          </View>
          <Text style={[styles.cell, styles.userAgent]}>
            {event.userAgent
              ? wrapMonospace(
                  `User agent: ${toPdfText(event.userAgent)}`,
                  monoChars(contentWidth - timeColumnWidth),
                )
              : 'User agent: not recorded'}
          </Text>
        </View>
      ))}
    </View>
  );
}
