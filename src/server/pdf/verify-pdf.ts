import { createHash, timingSafeEqual, verify, X509Certificate } from 'node:crypto';
import {
  berToDer,
  certificateIssuerAndSerial,
  childrenOf,
  contentOf,
  expectTag,
  Oid,
  oidOf,
  rawOf,
  readTime,
  readTlv,
  Tag,
  type Tlv,
} from './der';

export type SealInspection =
  | { sealed: false; reason: string }
  | {
      sealed: true;
      /** The signed bytes are unchanged and the signature over them verifies with the embedded certificate. */
      intact: boolean;
      /** The signature covers the whole file except its own /Contents (nothing was appended after sealing). */
      coversWholeDocument: boolean;
      certificateFingerprintSha256: string;
      subject: string;
      signingTime: Date | null;
      /** The signature's /Reason. */
      reason: string;
    };

const digestNames: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const rsaSignatureOids = new Set([
  Oid.rsaEncryption as string,
  ...[5, 11, 12, 13].map((n) => `1.2.840.113549.1.1.${n}`),
]);
const ecdsaSignatureOids = new Set(['1.2.840.10045.2.1', ...[2, 3, 4].map((n) => `1.2.840.10045.4.3.${n}`)]);

const notSealed = (reason: string): SealInspection => ({ sealed: false, reason });

/**
 * Checks the last signature of a PDF: where its /ByteRange points, whether the signed bytes still match the CMS
 * message digest and whether the signature verifies with the embedded signer certificate. It does not judge trust
 * in the certificate. Never throws: unreadable input gives `sealed: false` with a reason.
 */
export function inspectSeal(pdf: Uint8Array): SealInspection {
  try {
    return inspect(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  } catch (error) {
    return notSealed(
      `The signature could not be read (${error instanceof Error ? error.message : 'unknown'})`,
    );
  }
}

function inspect(file: Buffer): SealInspection {
  const byteRangeAt = file.lastIndexOf('/ByteRange');
  if (byteRangeAt < 0) return notSealed('The PDF has no signature');
  const match = /^\/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]/.exec(
    file.subarray(byteRangeAt, byteRangeAt + 100).toString('latin1'),
  );
  if (!match) return notSealed('The signature byte range is missing or incomplete');
  const [start, firstLength, secondStart, secondLength] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const gapStart = start + firstLength;
  if (gapStart >= secondStart || secondStart > file.length)
    return notSealed('The signature byte range is invalid');

  // The gap between the two ranges must be exactly the hex string of a /Contents entry.
  const gap = file.subarray(gapStart, secondStart).toString('latin1');
  const before = file.subarray(Math.max(0, gapStart - 20), gapStart).toString('latin1');
  if (!/^<[0-9a-fA-F]*>$/.test(gap) || !/\/Contents\s*$/.test(before)) {
    return notSealed('The signature byte range does not frame its /Contents');
  }
  const cms = Buffer.from(gap.slice(1, -1), 'hex');
  const signedEnd = secondStart + secondLength;
  const coversWholeDocument = start === 0 && signedEnd === file.length;
  const signed = Buffer.concat([file.subarray(start, gapStart), file.subarray(secondStart, signedEnd)]);
  const complete = signedEnd <= file.length;

  const signature = readSignedData(cms);
  if (!signature) return notSealed('The signature has no signer certificate');
  const dictionary = signatureDictionary(file, byteRangeAt, gapStart, secondStart);
  const x509 = new X509Certificate(signature.certificate);
  return {
    sealed: true,
    intact: complete && verifySignedData(signature, signed, x509),
    coversWholeDocument,
    certificateFingerprintSha256: createHash('sha256').update(signature.certificate).digest('hex'),
    subject: x509.subject.split('\n').join(', '),
    signingTime: signature.signingTime ?? dictionary.signingTime,
    reason: dictionary.reason,
  };
}

/** One signature of a PDF as read where it is listed: who made it, when, and whether it still verifies. */
export type SignatureReading = { signedBy: string; signedAt: Date | null; intact: boolean };

/**
 * Reads one signature of a PDF, given its dictionary's /ByteRange and /Contents: who signed (their
 * certificate's common name, else its subject), when (the signed signing time, else the
 * dictionary's /M), and whether the bytes it covers are unchanged and its signature verifies with
 * its certificate, its /ByteRange covering its whole revision (coversItsRevision). Later revisions
 * after it are allowed (it need not cover the whole file); trust in the certificate is not judged. Null when it cannot be read at all.
 */
export function readSignature(
  pdf: Uint8Array,
  byteRange: readonly number[],
  contents: Uint8Array,
  dictionaryTime: string | null,
): SignatureReading | null {
  try {
    const file = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    // Signers other than Pactum (NSS, for one) write the CMS in BER, with indefinite lengths.
    const signature = readSignedData(berToDer(contents));
    if (!signature) return null;
    const x509 = new X509Certificate(signature.certificate);
    const lines = x509.subject.split('\n');
    const commonName = lines.find((line) => line.startsWith('CN='))?.slice(3);
    const [start, firstLength, secondStart, secondLength] = byteRange;
    const wellFormed =
      byteRange.length === 4 &&
      byteRange.every((value) => Number.isSafeInteger(value) && value >= 0) &&
      start === 0 &&
      (firstLength as number) < (secondStart as number) &&
      (secondStart as number) + (secondLength as number) <= file.length;
    const signed =
      wellFormed && coversItsRevision(file, byteRange, contents.length)
        ? Buffer.concat([
            file.subarray(0, firstLength),
            file.subarray(secondStart, (secondStart as number) + (secondLength as number)),
          ])
        : null;
    const signedAt = signature.signingTime ?? (dictionaryTime ? pdfDate(dictionaryTime) : null);
    return {
      signedBy: commonName || lines.join(', '),
      signedAt: signedAt && !Number.isNaN(signedAt.getTime()) ? signedAt : null,
      intact: signed !== null && verifySignedData(signature, signed, x509),
    };
  } catch {
    return null;
  }
}

/** Bytes of hexadecimal digits. */
const isHexDigit = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);

/**
 * Whether a signature's /ByteRange covers all of its revision but its own /Contents: the gap it
 * leaves is exactly that hex string (`<…>`, the length of the signature's /Contents), and what it
 * covers ends at an end-of-file marker. Else it could verify while leaving out words a reader
 * sees (a gap stretched over a page's text), or stop short of what its revision wrote.
 */
function coversItsRevision(file: Buffer, byteRange: readonly number[], contentsLength: number): boolean {
  const [, gapStart = 0, gapEnd = 0, secondLength = 0] = byteRange;
  if (file[gapStart] !== 0x3c || file[gapEnd - 1] !== 0x3e) return false;
  if (gapEnd - gapStart - 2 !== contentsLength * 2) return false;
  for (let at = gapStart + 1; at < gapEnd - 1; at++) if (!isHexDigit(file[at] ?? 0)) return false;
  const tail = file
    .subarray(Math.max(0, gapEnd + secondLength - 16), gapEnd + secondLength)
    .toString('latin1');
  return /%%EOF\s*$/.test(tail);
}

type SignedData = {
  certificate: Buffer;
  digestAlgorithm: string;
  signatureAlgorithm: string;
  /** Signed attributes re-tagged as the SET OF they are signed as, or null when the content is signed directly. */
  signedAttributes: Buffer | null;
  messageDigest: Buffer | null;
  signingTime: Date | null;
  signature: Buffer;
};

/** Parses ContentInfo(SignedData) and its first SignerInfo; null when the signer's certificate is not included. */
function readSignedData(cms: Buffer): SignedData | null {
  const outer = expectTag(readTlv(cms, 0), Tag.sequence, 'ContentInfo');
  const contentInfo = childrenOf(cms, outer);
  if (contentInfo.length !== 2 || oidOf(cms, contentInfo[0]) !== Oid.signedData)
    throw new Error('not a CMS SignedData');
  if (cms.subarray(outer.end).some((byte) => byte !== 0)) throw new Error('data after the CMS SignedData');
  const explicit = expectTag(contentInfo[1], Tag.context(0), 'SignedData content');
  const fields = childrenOf(cms, expectTag(childrenOf(cms, explicit)[0], Tag.sequence, 'SignedData'));
  const certificates = fields.find((field) => field.tag === Tag.context(0));
  const encapsulated = childrenOf(cms, expectTag(fields[2], Tag.sequence, 'encapContentInfo'));
  const contentType = oidOf(cms, encapsulated[0]);
  const signerInfos = expectTag(fields.at(-1), Tag.set, 'signerInfos');
  const info = childrenOf(cms, expectTag(childrenOf(cms, signerInfos)[0], Tag.sequence, 'SignerInfo'));

  const sid = expectTag(info[1], Tag.sequence, 'IssuerAndSerialNumber');
  const [issuer, serial] = childrenOf(cms, sid).map((part) => rawOf(cms, part));
  const certificate = (certificates ? childrenOf(cms, certificates) : [])
    .map((cert) => rawOf(cms, cert))
    .find((cert) => {
      const candidate = certificateIssuerAndSerial(cert);
      return issuer?.equals(candidate.issuer) && serial?.equals(candidate.serial);
    });
  if (!certificate) return null;

  const digestAlgorithm = oidOf(cms, childrenOf(cms, expectTag(info[2], Tag.sequence, 'digestAlgorithm'))[0]);
  const hasSignedAttributes = info[3]?.tag === Tag.context(0);
  const rest = info.slice(hasSignedAttributes ? 4 : 3);
  const signatureAlgorithm = oidOf(
    cms,
    childrenOf(cms, expectTag(rest[0], Tag.sequence, 'signatureAlgorithm'))[0],
  );
  const signature = contentOf(cms, expectTag(rest[1], Tag.octetString, 'signature'));
  if (!hasSignedAttributes || !info[3]) {
    return { certificate, digestAlgorithm, signatureAlgorithm, signature, ...noAttributes };
  }
  const attributes = readAttributes(cms, info[3]);
  const signedAttributes = Buffer.from(rawOf(cms, info[3]));
  signedAttributes[0] = Tag.set;
  const digest = attributes.get(Oid.messageDigest);
  const time = attributes.get(Oid.signingTime);
  const essCertificate = attributes.get(Oid.signingCertificateV2);
  const signedContentType = attributes.get(Oid.contentType);
  const contentTypeMatches = signedContentType !== undefined && oidOf(cms, signedContentType) === contentType;
  if (!contentTypeMatches || (essCertificate && !matchesEssCertificate(cms, essCertificate, certificate))) {
    // The signed attributes name another content type or certificate than the SignedData: not verifiable.
    return { certificate, digestAlgorithm: 'mismatch', signatureAlgorithm, signature, ...noAttributes };
  }
  return {
    certificate,
    digestAlgorithm,
    signatureAlgorithm,
    signature,
    signedAttributes,
    messageDigest: digest ? contentOf(cms, expectTag(digest, Tag.octetString, 'messageDigest')) : null,
    signingTime: time ? readTime(cms, time) : null,
  };
}

/** SigningCertificateV2: the first ESSCertIDv2's certHash (hash algorithm defaults to SHA-256) names `cert`. */
function matchesEssCertificate(cms: Buffer, value: Tlv, cert: Buffer): boolean {
  const certs = childrenOf(cms, expectTag(value, Tag.sequence, 'SigningCertificateV2'))[0];
  const first = childrenOf(cms, expectTag(certs, Tag.sequence, 'ESSCertIDv2 list'))[0];
  const [algorithmOrHash, hashAfterAlgorithm] = childrenOf(
    cms,
    expectTag(first, Tag.sequence, 'ESSCertIDv2'),
  );
  const explicitAlgorithm = algorithmOrHash?.tag === Tag.sequence;
  const digestName = explicitAlgorithm
    ? digestNames[oidOf(cms, childrenOf(cms, algorithmOrHash)[0])]
    : digestNames[Oid.sha256];
  const certHash = explicitAlgorithm ? hashAfterAlgorithm : algorithmOrHash;
  if (!digestName || certHash?.tag !== Tag.octetString) return false;
  return contentOf(cms, certHash).equals(createHash(digestName).update(cert).digest());
}

const noAttributes = { signedAttributes: null, messageDigest: null, signingTime: null };

/** The first value of each attribute, by type. */
function readAttributes(buf: Buffer, set: Tlv): Map<string, Tlv> {
  const out = new Map<string, Tlv>();
  for (const attribute of childrenOf(buf, set)) {
    const [type, values] = childrenOf(buf, expectTag(attribute, Tag.sequence, 'Attribute'));
    const first = childrenOf(buf, expectTag(values, Tag.set, 'attribute values'))[0];
    if (first) out.set(oidOf(buf, type), first);
  }
  return out;
}

function verifySignedData(data: SignedData, signed: Buffer, x509: X509Certificate): boolean {
  const digestName = digestNames[data.digestAlgorithm];
  if (!digestName) return false;
  let covered = signed;
  if (data.signedAttributes) {
    const digest = createHash(digestName).update(signed).digest();
    if (!data.messageDigest || data.messageDigest.length !== digest.length) return false;
    if (!timingSafeEqual(data.messageDigest, digest)) return false;
    covered = data.signedAttributes;
  }
  try {
    if (rsaSignatureOids.has(data.signatureAlgorithm)) {
      return verify(digestName, covered, x509.publicKey, data.signature);
    }
    if (ecdsaSignatureOids.has(data.signatureAlgorithm)) {
      return verify(digestName, covered, { key: x509.publicKey, dsaEncoding: 'der' }, data.signature);
    }
  } catch {
    return false;
  }
  return false; // an algorithm we cannot check (e.g. RSASSA-PSS) is not reported as intact
}

/** /Reason and /M of the signature dictionary holding the /ByteRange, leaving out the /Contents hex. */
function signatureDictionary(file: Buffer, byteRangeAt: number, gapStart: number, gapEnd: number) {
  const objectStart = Math.max(0, file.lastIndexOf(' obj', Math.min(byteRangeAt, gapStart)));
  const objectEnd = file.indexOf('endobj', Math.max(byteRangeAt, gapEnd));
  const text =
    file.subarray(objectStart, Math.min(byteRangeAt, gapStart)).toString('latin1') +
    file.subarray(Math.max(byteRangeAt, gapEnd), objectEnd < 0 ? file.length : objectEnd).toString('latin1');
  const date = pdfString(text, 'M');
  return { reason: pdfString(text, 'Reason') ?? '', signingTime: date ? pdfDate(date) : null };
}

/** The text of `/key (literal)` or `/key <hex>` in `text`, decoded as UTF-16BE (with BOM) or Latin-1. */
function pdfString(text: string, key: string): string | null {
  const match = new RegExp(`/${key}\\s*([(<])`).exec(text);
  if (!match) return null;
  const open = match.index + match[0].length - 1;
  let bytes: string;
  if (match[1] === '<') {
    const end = text.indexOf('>', open);
    bytes = Buffer.from(text.slice(open + 1, end < 0 ? undefined : end).replace(/\s/g, ''), 'hex').toString(
      'latin1',
    );
  } else {
    bytes = readLiteral(text, open + 1);
  }
  return bytes.startsWith('\xfe\xff')
    ? Buffer.from(bytes.slice(2), 'latin1').swap16().toString('utf16le')
    : bytes;
}

const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

function readLiteral(text: string, from: number): string {
  let out = '';
  let depth = 0;
  for (let i = from; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === '\\') {
      const next = text[i + 1] ?? '';
      const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4))?.[0];
      if (octal) {
        out += String.fromCharCode(Number.parseInt(octal, 8) & 0xff);
        i += octal.length;
      } else {
        if (next !== '\n' && next !== '\r') out += escapes[next] ?? next;
        i += 1;
      }
    } else if (char === ')' && depth === 0) {
      return out;
    } else {
      if (char === '(') depth += 1;
      if (char === ')') depth -= 1;
      out += char;
    }
  }
  return out;
}

/** PDF date "D:YYYYMMDDHHmmSSOHH'mm'" (trailing parts optional). */
function pdfDate(value: string): Date | null {
  const match = /^D:(\d{4})(\d\d)?(\d\d)?(\d\d)?(\d\d)?(\d\d)?([Z+-])?(\d\d)?'?(\d\d)?/.exec(value);
  if (!match) return null;
  const [year, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part, index) => (part === undefined ? [0, 1, 1, 0, 0, 0][index] : Number(part))) as number[];
  const sign = match[7] === '-' ? -1 : match[7] === '+' ? 1 : 0;
  const offsetMinutes = sign * (Number(match[8] ?? 0) * 60 + Number(match[9] ?? 0));
  return new Date(Date.UTC(year as number, month - 1, day, hour, minute - offsetMinutes, second));
}
