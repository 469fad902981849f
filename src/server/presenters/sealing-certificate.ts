import type { SealingCertificateInfo } from '../../shared/api/settings';
import type { CertificateDetails } from '../pdf/read-certificate';

/** The sealing certificate Settings shows: whose, by whom, valid when, its fingerprint. */
export function presentSealingCertificate(
  certificate: CertificateDetails,
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
