import type { CertificateFormat } from '../../../shared/api/settings';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { organizationCertificate } from './organization-certificate';

/** A certificate as a download: DER for .cer (what Windows, macOS and most validators open), or its PEM text. */
export type CertificateFile = { bytes: Uint8Array; fileName: string; contentType: string };

const contentTypes: Record<CertificateFormat, string> = {
  cer: 'application/pkix-cert',
  pem: 'application/x-pem-file',
};

/** The certificate of a PEM block (a certificate alone: no key is ever in it) in the format asked for. */
export function certificateFile(
  pem: string,
  fingerprintSha256: string,
  format: CertificateFormat,
): CertificateFile {
  const body = /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/.exec(pem)?.[1];
  if (!body) throw new Error('The sealing certificate has no PEM block');
  const der = Buffer.from(body.replace(/\s/g, ''), 'base64');
  // PEM as RFC 7468 writes it: 64 characters a line, LF line ends.
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  const bytes =
    format === 'pem'
      ? Buffer.from(`-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`, 'ascii')
      : der;
  // Named by fingerprint: the name says which certificate it is, and nothing of whose.
  return {
    bytes,
    fileName: `sealing-certificate-${fingerprintSha256.slice(0, 16)}.${format}`,
    contentType: contentTypes[format],
  };
}

/**
 * The public certificate the actor's organization seals with now: its own, opened in the engine's
 * thread (the file holds the key, which never leaves the thread), or the instance's.
 */
export async function sealingCertificateFile(
  ctx: ServiceContext<'pdf' | 'secret' | 'instanceCertificate'>,
  format: CertificateFormat,
): Promise<CertificateFile> {
  const { actor, db, secret, pdf, instanceCertificate } = ctx;
  const own = await organizationCertificate(db, actor.organizationId, secret);
  if (!own) {
    return certificateFile(instanceCertificate.certificatePem, instanceCertificate.fingerprintSha256, format);
  }
  const reading = await pdf.readCertificate(own, actor.organizationId);
  if (!reading.ok)
    throw new AppError('INVALID_INPUT', `The organization's certificate cannot be read: ${reading.message}`);
  return certificateFile(reading.certificatePem, reading.details.fingerprintSha256, format);
}
