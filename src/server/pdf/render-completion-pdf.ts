import type { RecipientRecord } from '../../shared/recipients/record';
import { formatUtc, wrapMonospace } from './pdf-text';
import { isPng } from './png';
import { recipientLines } from './recipient-lines';
import { frameInput } from './typst/frame-input';
import { printable } from './typst/printable-text';
import { compileTypst } from './typst/typst-compiler';

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

export type SignaturePagesInput = { title: string; reference: string; signers: SignerRecord[] };

export type HistoryEvent = {
  timestamp: Date;
  action: string;
  actor: string;
  details: string | null;
  ip: string | null;
  userAgent: string | null;
};

export type CertificateInput = {
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

/**
 * The signature pages appended to a signed contract (`pdf-templates/signature-pages.typ`). Dated
 * by the last signature, so rendering them again from the same records gives the same bytes (and
 * the signed document the same hash).
 */
export async function renderSignaturePages(input: SignaturePagesInput): Promise<Uint8Array> {
  if (input.signers.length === 0) throw new Error('A signature page needs at least one signer');
  // A signature page without the signature must fail, so the bytes are checked before rendering.
  for (const signer of input.signers) {
    if (!isPng(signer.signatureImage)) throw new Error(`The signature image of ${signer.email} is not a PNG`);
  }
  const lastSigned = new Date(Math.max(...input.signers.map((signer) => signer.signedAt.getTime())));
  const pictures = input.signers.map((signer, index) => ({
    name: `signature-${index + 1}.png`,
    bytes: signer.signatureImage,
  }));
  const compiled = compileTypst(
    'signature-pages',
    {
      ...frameInput({
        title: input.title,
        aside: 'Signatures',
        reference: input.reference,
        date: lastSigned,
        pageLabel: 'Signature page',
        documentTitle: `Signatures: ${input.title}`,
      }),
      intro: printable(
        `The parties below signed "${input.title}" (${input.reference}) electronically. Times are in UTC.`,
      ),
      signers: input.signers.map((signer, index) => ({
        picture: pictures[index]?.name,
        name: printable(signer.name),
        email: printable(signer.email),
        witness: signer.witnessOf === undefined ? null : printable(`Witness to ${signer.witnessOf}`),
        signed: formatUtc(signer.signedAt),
        technical: printable(
          `IP ${signer.ip ?? 'not recorded'} · ${signer.userAgent ?? 'user agent not recorded'}`,
        ),
        fields: signer.fields.map((field) => ({
          label: printable(field.label),
          value: printable(field.value),
        })),
      })),
    },
    { pictures },
  );
  return new Uint8Array(compiled.pdf);
}

/**
 * Details longer than this may not fit on one page in their column (a signature listing the values
 * of many fields): they are written across the row's full width under it, and run on to the next
 * pages.
 */
const longDetails = 600;
/** Monospaced characters a line holds: the IP column, and the user agent's line across the row. */
const ipChars = 17;
const agentChars = 101;

/** The certificate of completion (`pdf-templates/certificate.typ`): identity, hashes, full history. */
export async function renderCertificatePdf(input: CertificateInput): Promise<Uint8Array> {
  const details: Array<[string, string]> = [
    ['Document', input.title],
    ['Reference', input.reference],
    ['Organization', input.organizationName],
    ['Sender', `${input.senderName} <${input.senderEmail}>`],
    ['Completed', formatUtc(input.completedAt)],
  ];
  const compiled = compileTypst('certificate', {
    ...frameInput({
      title: input.title,
      aside: 'Certificate of Completion',
      author: input.organizationName,
      reference: input.reference,
      date: input.completedAt,
      pageLabel: 'Certificate page',
      documentTitle: `Certificate of Completion: ${input.title}`,
    }),
    details: details.map(([key, value]) => [key, printable(value)]),
    'signed-version': input.signedVersion
      ? { number: input.signedVersion.number, hash: input.signedVersion.contentSha256 }
      : null,
    frozen: input.frozenSha256,
    signed: input.signedSha256,
    recipients: (input.recipients ?? []).map(recipientLines).map((recipient) => ({
      head: printable(recipient.head),
      lines: printable(recipient.lines.join('\n')),
    })),
    authentication: (input.signerAuthentication ?? []).map((signer) => ({
      head: printable(`${signer.name} <${signer.email}>`),
      line: printable(`Authentication: ${signer.authentication}`),
    })),
    fields: filledBySigner(input.fieldsFilled ?? []).map((group) => ({
      head: printable(`${group.signer}, ${formatUtc(group.at)}`),
      fields: group.fields.map((field) => ({ label: printable(field.label), value: printable(field.value) })),
    })),
    events: input.events.map((event) => {
      const long = (event.details?.length ?? 0) > longDetails;
      return {
        time: formatUtc(event.timestamp).replace(' UTC', ''),
        // 'email_code_confirmed' wraps at its words, not inside one.
        action: printable(event.action.replaceAll('_', ' ')),
        actor: printable(event.actor),
        details: long ? '(below)' : printable(event.details ?? ''),
        long: long ? printable(`Details: ${event.details}`) : null,
        // Wrapped here, exactly, so an address is never cut where a line happens to end.
        ip: wrapMonospace(printable(event.ip ?? ''), ipChars),
        agent: event.userAgent
          ? wrapMonospace(`User agent: ${printable(event.userAgent)}`, agentChars)
          : 'User agent: not recorded',
      };
    }),
  });
  return new Uint8Array(compiled.pdf);
}

type FilledField = NonNullable<CertificateInput['fieldsFilled']>[number];

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
