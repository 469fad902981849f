import { eq } from 'drizzle-orm';
import type { SealingCertificateInfo } from '../../../shared/api/settings';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { CertificateError, readPkcs12, type SealingCertificate } from '../../pdf/sealing-certificate';
import { requireAdmin } from '../../policies/roles';
import { openSecret, sealSecret } from './secret-box';

const purpose = 'sealing-certificate-password';

function present(
  certificate: SealingCertificate,
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

/** The organization's uploaded certificate, ready to seal with; null when it has none. */
export async function organizationCertificate(
  db: Database,
  organizationId: string,
  secret: string,
): Promise<SealingCertificate | null> {
  const [row] = await db
    .select({ p12: organizations.sealingP12, password: organizations.sealingP12Password })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row?.p12 || !row.password) return null;
  return readPkcs12(Buffer.from(row.p12), openSecret(secret, purpose, row.password));
}

/** The certificate the organization's contracts are sealed with now. */
export async function getSealingCertificate(
  db: Database,
  actor: Actor,
  input: { secret: string; instance: SealingCertificate },
): Promise<SealingCertificateInfo> {
  const own = await organizationCertificate(db, actor.organizationId, input.secret);
  return own ? present(own, 'organization') : present(input.instance, 'instance');
}

/** Uploads the organization's own PKCS#12 certificate; it is checked before anything is stored. */
export async function setSealingCertificate(
  db: Database,
  actor: Actor,
  input: { secret: string; p12: Buffer; password: string },
): Promise<SealingCertificateInfo> {
  requireAdmin(actor, 'change the sealing certificate');
  let certificate: SealingCertificate;
  try {
    certificate = readPkcs12(input.p12, input.password);
  } catch (error) {
    if (error instanceof CertificateError) throw new AppError('INVALID_INPUT', error.message, 'p12');
    throw error;
  }
  await db
    .update(organizations)
    .set({
      sealingP12: input.p12,
      sealingP12Password: sealSecret(input.secret, purpose, input.password),
      sealingFingerprint: certificate.fingerprintSha256,
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, actor.organizationId));
  return present(certificate, 'organization');
}

/** Goes back to the instance certificate. Seals already made stay verifiable. */
export async function removeSealingCertificate(db: Database, actor: Actor): Promise<void> {
  requireAdmin(actor, 'change the sealing certificate');
  await db
    .update(organizations)
    .set({ sealingP12: null, sealingP12Password: null, updatedAt: new Date() })
    .where(eq(organizations.id, actor.organizationId));
}
