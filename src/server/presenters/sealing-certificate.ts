import type { SealingCertificateInfo } from '../../shared/api/settings';

/** What Settings shows of a certificate, as the PDF engine reads it (pdf/read-certificate.ts). */
type ShownCertificate = {
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  fingerprintSha256: string;
};

/** The sealing certificate Settings shows: whose, by whom, valid when, its fingerprint. */
export function presentSealingCertificate(
  certificate: ShownCertificate,
  source: 'organization' | 'instance',
): SealingCertificateInfo {
  return {
    source,
    subject: certificate.subject,
    issuer: certificate.issuer,
    notBefore: certificate.notBefore.toISOString(),
    notAfter: certificate.notAfter.toISOString(),
    fingerprintSha256: certificate.fingerprintSha256,
  };
}
