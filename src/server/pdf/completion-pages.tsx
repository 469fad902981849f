import { Document, Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { RecipientRecord } from '../../shared/recipients/record';
import { type HistoryEvent, HistoryTable } from './history-table';
import { colors, contentWidth, fonts, PageFrame } from './page-frame';
import { formatUtc, longWordPenalty, toPdfText, wordBreaker } from './pdf-text';
import { recipientLines } from './recipient-lines';

export type SignerRecord = {
  name: string;
  email: string;
  signedAt: Date;
  /** PNG bytes. */
  signatureImage: Uint8Array;
  ip: string | null;
  userAgent: string | null;
  /** The details the signer gave on the signing form (a title, a company…), under the signature. */
  fields: Array<{ label: string; value: string }>;
  /** A witness's signer, by name: the block says whose signature they witnessed. */
  witnessOf?: string;
};

export type SignaturePagesProps = { title: string; reference: string; signers: SignerRecord[] };

export type { HistoryEvent };

export type CertificateProps = {
  title: string;
  reference: string;
  organizationName: string;
  senderName: string;
  senderEmail: string;
  completedAt: Date;
  frozenSha256: string;
  signedSha256: string;
  /** The version that was sent for signing, and the SHA-256 of its content. */
  signedVersion?: { number: number; contentSha256: string };
  /** Per signer, how they were identified before the document opened to them. */
  signerAuthentication?: Array<{ name: string; email: string; authentication: string }>;
  /** Every field a signer filled (their details and the fields placed on the PDFs): who, and when. */
  fieldsFilled?: Array<{ label: string; value: string; signer: string; at: Date }>;
  /** Every recipient: role, group, what they did and when, delegations and corrections. */
  recipients?: RecipientRecord[];
  events: HistoryEvent[];
};

const signatureWidth = 200;
const signerPadding = 12;
const signerDetailsWidth = contentWidth - 2 * signerPadding - 1.5 - signatureWidth - 16;
const keyWidth = 150;
const breakNameWords = wordBreaker(signerDetailsWidth, 11);
const breakFieldWords = wordBreaker(signerDetailsWidth, 9);
const breakTechnicalWords = wordBreaker(signerDetailsWidth, 7.5);
const breakValueWords = wordBreaker(contentWidth - keyWidth, 9);
const breakLineWords = wordBreaker(contentWidth, 9);

const styles = StyleSheet.create({
  heading: { fontWeight: 700, fontSize: 18, lineHeight: 1.25, color: colors.accent },
  intro: { marginTop: 4, marginBottom: 16, fontSize: 9, color: colors.muted },
  section: {
    marginTop: 14,
    marginBottom: 6,
    fontWeight: 700,
    fontSize: 11,
    color: colors.accent,
  },
  signer: {
    borderWidth: 0.75,
    borderColor: colors.rule,
    borderRadius: 3,
    padding: signerPadding,
    marginBottom: 12,
  },
  signerHead: { flexDirection: 'row' },
  signerFields: { marginLeft: signatureWidth + 16, marginTop: 4, fontSize: 9, lineHeight: 1.4 },
  signatureColumn: { width: signatureWidth, flexShrink: 0, marginRight: 16 },
  signatureBox: { height: 70, justifyContent: 'flex-end' },
  signatureImage: { width: signatureWidth, height: 66, objectFit: 'contain', objectPosition: 'left bottom' },
  signatureLine: { borderTopWidth: 0.75, borderTopColor: colors.text, marginTop: 2, paddingTop: 2 },
  caption: { fontSize: 7.5, color: colors.muted },
  signerDetails: { flexGrow: 1, flexShrink: 1, flexBasis: 0, fontSize: 9, lineHeight: 1.4 },
  signerName: { fontWeight: 700, fontSize: 11 },
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
  filledBy: { fontSize: 8, color: colors.muted },
  authentication: {
    paddingVertical: 4,
    borderBottomWidth: 0.5,
    borderBottomColor: colors.faint,
    fontSize: 9,
    lineHeight: 1.4,
  },
  authenticationName: { fontWeight: 700 },
});

/** One page (or more, with many signers) showing who signed, when, with what, and what they filled in. */
export function SignaturePagesDocument(props: SignaturePagesProps) {
  const lastSigned = props.signers.reduce<Date | undefined>(
    (latest, signer) => (!latest || signer.signedAt > latest ? signer.signedAt : latest),
    undefined,
  );
  return (
    <Document
      title={`Signatures: ${props.title}`}
      creator="Pactum"
      producer="Pactum"
      creationDate={lastSigned ?? new Date(0)}
      modificationDate={lastSigned ?? new Date(0)}
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
    <View style={styles.signer}>
      {/* The signature and who signed never split: a signature must not sit on one page and its
      name on the next. The fields they filled follow, and run on to the next pages when there
      are more than a page holds (unsplittable, they were drawn on top of each other). */}
      <View style={styles.signerHead} wrap={false} minPresenceAhead={signer.fields.length > 0 ? 40 : 0}>
        <View style={styles.signatureColumn}>
          <View style={styles.signatureBox}>
            <Image
              style={styles.signatureImage}
              src={{ data: Buffer.from(signer.signatureImage), format: 'png' }}
            />
          </View>
          <View style={styles.signatureLine}>
            <Text style={styles.caption}>Signature</Text>
          </View>
        </View>
        <View style={styles.signerDetails}>
          <Text
            style={styles.signerName}
            hyphenationCallback={breakNameWords}
            hyphenationPenalty={longWordPenalty}
          >
            {toPdfText(signer.name)}
          </Text>
          <Text hyphenationCallback={breakFieldWords} hyphenationPenalty={longWordPenalty}>
            {toPdfText(signer.email)}
          </Text>
          {signer.witnessOf !== undefined && (
            <Text hyphenationCallback={breakFieldWords} hyphenationPenalty={longWordPenalty}>
              {toPdfText(`Witness to ${signer.witnessOf}`)}
            </Text>
          )}
          <Text>
            <Text style={styles.muted}>Signed </Text>
            {formatUtc(signer.signedAt)}
          </Text>
          <Text
            style={styles.technical}
            hyphenationCallback={breakTechnicalWords}
            hyphenationPenalty={longWordPenalty}
          >
            {toPdfText(
              `IP ${signer.ip ?? 'not recorded'} · ${signer.userAgent ?? 'user agent not recorded'}`,
            )}
          </Text>
        </View>
      </View>
      {signer.fields.length > 0 && (
        <View style={styles.signerFields}>
          {signer.fields.map((field, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
            <Text key={index} hyphenationCallback={breakFieldWords} hyphenationPenalty={longWordPenalty}>
              <Text style={styles.muted}>{toPdfText(`${field.label}: `)}</Text>
              {toPdfText(field.value)}
            </Text>
          ))}
        </View>
      )}
    </View>
  );
}

type FilledField = NonNullable<CertificateProps['fieldsFilled']>[number];

/** The fields filled, in runs of one signer at one time (who filled them and when, said once). */
function filledBySigner(fields: FilledField[]) {
  const groups: { signer: string; at: Date; fields: FilledField[] }[] = [];
  for (const field of fields) {
    const last = groups.at(-1);
    if (last && last.signer === field.signer && last.at.getTime() === field.at.getTime())
      last.fields.push(field);
    else groups.push({ signer: field.signer, at: field.at, fields: [field] });
  }
  return groups;
}

/** A signer's fields in blocks of a few lines each (see where they are laid out). */
function blocksOf(fields: FilledField[], size = 16): FilledField[][] {
  return Array.from({ length: Math.ceil(fields.length / size) }, (_, index) =>
    fields.slice(index * size, (index + 1) * size),
  );
}

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
      title={`Certificate of Completion: ${props.title}`}
      author={props.organizationName}
      creator="Pactum"
      producer="Pactum"
      creationDate={props.completedAt}
      modificationDate={props.completedAt}
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
        {props.signedVersion && (
          // The hash in the hashes' face, so it fits one line and is never cut.
          <View style={styles.keyValue} wrap={false}>
            <Text style={styles.key}>Signed version</Text>
            <Text style={styles.value}>
              {`${props.signedVersion.number} (content SHA-256 `}
              <Text style={styles.hash}>{`${props.signedVersion.contentSha256})`}</Text>
            </Text>
          </View>
        )}
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
        {props.recipients && props.recipients.length > 0 && (
          <>
            <Text style={styles.section} minPresenceAhead={40}>
              Recipients
            </Text>
            {props.recipients.map(recipientLines).map((recipient, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
              <View key={index} style={styles.authentication} wrap={false}>
                <Text
                  style={styles.authenticationName}
                  hyphenationCallback={breakLineWords}
                  hyphenationPenalty={longWordPenalty}
                >
                  {toPdfText(recipient.head)}
                </Text>
                <Text hyphenationCallback={breakLineWords} hyphenationPenalty={longWordPenalty}>
                  {toPdfText(recipient.lines.join('\n'))}
                </Text>
              </View>
            ))}
          </>
        )}
        {props.signerAuthentication && props.signerAuthentication.length > 0 && (
          <>
            <Text style={styles.section} minPresenceAhead={40}>
              Signer authentication
            </Text>
            {props.signerAuthentication.map((signer, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
              <View key={index} style={styles.authentication} wrap={false}>
                <Text
                  style={styles.authenticationName}
                  hyphenationCallback={breakLineWords}
                  hyphenationPenalty={longWordPenalty}
                >
                  {toPdfText(`${signer.name} <${signer.email}>`)}
                </Text>
                <Text hyphenationCallback={breakLineWords} hyphenationPenalty={longWordPenalty}>
                  {toPdfText(`Authentication: ${signer.authentication}`)}
                </Text>
              </View>
            ))}
          </>
        )}
        {props.fieldsFilled && props.fieldsFilled.length > 0 && (
          <>
            <Text style={styles.section} minPresenceAhead={40}>
              Fields filled
            </Text>
            {filledBySigner(props.fieldsFilled).map((group, index) => (
              // One text per signer, its lines run on from page to page: a row per field made
              // react-pdf lay 200 rows out again for every page they broke across (0.4 s).
              // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
              <View key={index} style={styles.authentication}>
                <Text
                  style={styles.authenticationName}
                  minPresenceAhead={24}
                  hyphenationCallback={breakLineWords}
                  hyphenationPenalty={longWordPenalty}
                >
                  {toPdfText(`${group.signer}, ${formatUtc(group.at)}`)}
                </Text>
                {blocksOf(group.fields).map((block, blockIndex) => (
                  <Text
                    // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
                    key={blockIndex}
                    hyphenationCallback={breakLineWords}
                    hyphenationPenalty={longWordPenalty}
                  >
                    {block.map((field, line) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rendered once from a fixed list, so position is identity
                      <Text key={line}>
                        <Text style={styles.muted}>{toPdfText(`${field.label}: `)}</Text>
                        {toPdfText(field.value)}
                        {line < block.length - 1 ? '\n' : ''}
                      </Text>
                    ))}
                  </Text>
                ))}
              </View>
            ))}
          </>
        )}
        <Text style={styles.section} minPresenceAhead={40}>
          History
        </Text>
        <HistoryTable events={props.events} />
      </PageFrame>
    </Document>
  );
}
