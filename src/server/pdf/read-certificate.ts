import { CertificateError, readPkcs12, type SealingCertificate } from './pkcs12-certificate';

export type CertificateDetails = Pick<
  SealingCertificate,
  'subject' | 'issuer' | 'notBefore' | 'notAfter' | 'fingerprintSha256'
>;
export type CertificateReading =
  | {
      ok: true;
      details: CertificateDetails /** The certificate alone (public), PEM. */;
      certificatePem: string;
    }
  | { ok: false; message: string };

/**
 * Opens an uploaded PKCS#12 file and says what it holds, or why it cannot be used (the message is
 * for the user). Decrypting it is seconds of CPU at worst, hence a task of the engine.
 */
export async function readCertificate(input: {
  p12: Uint8Array;
  password: string;
}): Promise<CertificateReading> {
  try {
    const { subject, issuer, notBefore, notAfter, fingerprintSha256, certificatePem } = readPkcs12(
      Buffer.from(input.p12),
      input.password,
    );
    return { ok: true, details: { subject, issuer, notBefore, notAfter, fingerprintSha256 }, certificatePem };
  } catch (error) {
    if (error instanceof CertificateError) return { ok: false, message: error.message };
    throw error;
  }
}
