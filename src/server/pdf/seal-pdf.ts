import { createHash } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import {
  algorithm,
  attribute,
  certificateIssuerAndSerial,
  encode,
  encodeOid,
  Oid,
  octetString,
  sequence,
  setOf,
  smallInteger,
  Tag,
} from './der';
import type { SealingCertificate, SealingKeyMaterial } from './pkcs12-certificate';
import { type SealingKey, sealingKeyOf } from './sealing-key';
import { timestampDigest } from './timestamp-digest';

export type SealInput = {
  certificate: SealingCertificate;
  reason: string;
  location?: string;
  contactInfo?: string;
  name: string;
  signingTime: Date;
  /** RFC 3161 time-stamping authority; when set, the seal carries a signature time-stamp (PAdES B-T). */
  tsaUrl?: string;
};

/**
 * Room for the CMS signature, in bytes: the certificates plus 2 KB for the SignerInfo and
 * structure, plus 16 KB when a time-stamp token (which carries the TSA's own chain) is added. At least 8 KB.
 */
export function signatureRoom(keyMaterial: SealingKeyMaterial, withTimestamp: boolean): number {
  const certificates = keyMaterial.chainDer.reduce((total, cert) => total + cert.length, 0);
  const bytes = certificates + 2048 + (withTimestamp ? 16_384 : 0);
  return Math.max(8192, Math.ceil(bytes / 2048) * 2048);
}

/**
 * Seals a PDF with an invisible PAdES baseline signature (B-B, or B-T with `tsaUrl`): SubFilter
 * ETSI.CAdES.detached, a CMS SignedData over the whole file with the signed attributes content-type,
 * message-digest and signing-certificate-v2. As EN 319 142-1 requires, the claimed signing time is the
 * signature dictionary's /M entry, not a CMS signing-time attribute.
 */
export async function sealPdf(pdf: Uint8Array, input: SealInput): Promise<Buffer> {
  return sealDocument(await PDFDocument.load(pdf, { updateMetadata: false }), input);
}

/**
 * sealPdf for a document already open in pdf-lib (one just assembled): it is written once, with
 * the signature's placeholder, instead of written, parsed again and written again.
 */
export async function sealDocument(doc: PDFDocument, input: SealInput): Promise<Buffer> {
  const key = sealingKeyOf(input.certificate);
  const acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  const sigFlags = acroForm?.lookupMaybe(PDFName.of('SigFlags'), PDFNumber)?.asNumber() ?? 0;
  if (sigFlags & 1) throw new Error('The PDF is already signed; sealing it again would break that signature');

  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: pdfTextString(input.reason),
    location: pdfTextString(input.location ?? ''),
    contactInfo: pdfTextString(input.contactInfo ?? ''),
    name: pdfTextString(input.name),
    signingTime: input.signingTime,
    // In hex digits, two per byte.
    signatureLength: 2 * signatureRoom(key, input.tsaUrl !== undefined),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Pactum',
  });
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(withPlaceholder, new PadesSigner(key, input.tsaUrl));
}

/**
 * The body of a PDF literal string for a text value, escaped (pdf-lib writes PDFString values verbatim):
 * printable ASCII as is, anything else as UTF-16BE with a byte order mark.
 */
function pdfTextString(text: string): string {
  const binary = /^[\x20-\x7e]*$/.test(text)
    ? text
    : `\xfe\xff${Buffer.from(text, 'utf16le').swap16().toString('latin1')}`;
  return binary.replace(/[\\()\r\n]/g, (char) => ({ '\r': '\\r', '\n': '\\n' })[char] ?? `\\${char}`);
}

/** Builds the CMS SignedData for a PAdES seal; @signpdf/signpdf hands it the bytes covered by /ByteRange. */
class PadesSigner extends Signer {
  constructor(
    private readonly key: SealingKey,
    private readonly tsaUrl: string | undefined,
  ) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    const { certificateDer, chainDer } = this.key;
    const { issuer, serial } = certificateIssuerAndSerial(certificateDer);
    const issuerAndSerial = sequence(issuer, serial);
    const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

    // ESSCertIDv2 { hashAlgorithm DEFAULT sha256 (omitted), certHash, issuerSerial { GeneralNames, serial } }
    const issuerSerial = sequence(sequence(encode(Tag.context(4), issuer)), serial);
    const signingCertificateV2 = sequence(
      sequence(sequence(octetString(sha256(certificateDer)), issuerSerial)),
    );
    const signedAttributes = setOf(
      attribute(Oid.contentType, encodeOid(Oid.data)),
      attribute(Oid.messageDigest, octetString(sha256(content))),
      attribute(Oid.signingCertificateV2, signingCertificateV2),
    );
    // The signature covers the DER SET OF encoding; in SignerInfo the same bytes are tagged [0] IMPLICIT.
    const signature = this.key.sign(signedAttributes);
    const unsignedAttributes = this.tsaUrl
      ? [
          encode(
            Tag.context(1),
            attribute(Oid.signatureTimeStampToken, await timestamp(this.tsaUrl, signature)),
          ),
        ]
      : [];

    const signerInfo = sequence(
      smallInteger(1),
      issuerAndSerial,
      algorithm(Oid.sha256),
      Buffer.concat([Buffer.from([Tag.context(0)]), signedAttributes.subarray(1)]),
      algorithm(Oid.rsaEncryption),
      octetString(signature),
      ...unsignedAttributes,
    );
    const signedData = sequence(
      smallInteger(1),
      setOf(algorithm(Oid.sha256)),
      sequence(encodeOid(Oid.data)), // detached: no eContent
      encode(Tag.context(0), ...chainDer),
      setOf(signerInfo),
    );
    return sequence(encodeOid(Oid.signedData), encode(Tag.context(0), signedData));
  }
}

/** Asks an RFC 3161 TSA to time-stamp `signature`; returns the TimeStampToken (a CMS ContentInfo). */
function timestamp(tsaUrl: string, signature: Buffer): Promise<Buffer> {
  return timestampDigest(tsaUrl, createHash('sha256').update(signature).digest());
}
