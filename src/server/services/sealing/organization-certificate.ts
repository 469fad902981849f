import { eq } from 'drizzle-orm';
import type { SealingCertificateInfo } from '../../../shared/api/settings';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import type { PdfEngine } from '../../pdf/pdf-engine';
import type { CertificateDetails } from '../../pdf/read-certificate';
import { requireAdmin } from '../../policies/roles';
import { presentSealingCertificate } from '../../presenters/sealing-certificate';
import { openSecret, sealSecret } from '../settings/secret-box';
import { requireRecentSignIn } from '../two-factor/require-recent-sign-in';

const purpose = 'sealing-certificate-password';

/**
 * The organization's uploaded certificate as the sealing engine takes it (file and password,
 * opened by the engine's thread); null when it has none.
 */
export async function organizationCertificate(
  db: Database,
  organizationId: string,
  secret: string,
): Promise<{ p12: Uint8Array; password: string } | null> {
  const [row] = await db
    .select({ p12: organizations.sealingP12, password: organizations.sealingP12Password })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row?.p12 || !row.password) return null;
  return { p12: row.p12, password: openSecret(secret, purpose, row.password) };
}

/**
 * Opens an uploaded file in the engine's thread (in its organization's turn), with its round count
 * bounded; a refusal names the field.
 */
async function readUploaded(
  pdf: PdfEngine,
  input: { p12: Uint8Array; password: string },
  organizationId: string,
) {
  const reading = await pdf.readCertificate(input, organizationId);
  if (!reading.ok) throw new AppError('INVALID_INPUT', reading.message, 'p12');
  return reading.details;
}

const detailColumns = (details: CertificateDetails) => ({
  sealingFingerprint: details.fingerprintSha256,
  sealingSubject: details.subject,
  sealingIssuer: details.issuer,
  sealingNotBefore: details.notBefore,
  sealingNotAfter: details.notAfter,
});

/**
 * The certificate the organization's contracts are sealed with now. Its details were read once,
 * at upload: showing them decrypts nothing (a certificate stored before they were kept is read
 * once more, in the engine's thread, and its details stored).
 */
export async function getSealingCertificate(
  ctx: ServiceContext<'pdf' | 'secret' | 'instanceCertificate'>,
): Promise<SealingCertificateInfo> {
  const { actor, instanceCertificate: instance, ...deps } = ctx;
  const [row] = await deps.db
    .select({
      hasOwn: organizations.sealingP12,
      subject: organizations.sealingSubject,
      issuer: organizations.sealingIssuer,
      notBefore: organizations.sealingNotBefore,
      notAfter: organizations.sealingNotAfter,
      fingerprintSha256: organizations.sealingFingerprint,
    })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId));
  if (!row?.hasOwn) return presentSealingCertificate(instance, 'instance');
  const { subject, issuer, notBefore, notAfter, fingerprintSha256 } = row;
  if (subject !== null && issuer !== null && notBefore && notAfter && fingerprintSha256) {
    return presentSealingCertificate(
      { subject, issuer, notBefore, notAfter, fingerprintSha256 },
      'organization',
    );
  }
  const own = await organizationCertificate(deps.db, actor.organizationId, deps.secret);
  if (!own) return presentSealingCertificate(instance, 'instance');
  const details = await readUploaded(deps.pdf, own, actor.organizationId);
  await deps.db
    .update(organizations)
    .set(detailColumns(details))
    .where(eq(organizations.id, actor.organizationId));
  return presentSealingCertificate(details, 'organization');
}

/** Uploads the organization's own PKCS#12 certificate; it is checked before anything is stored. */
export async function setSealingCertificate(
  ctx: ServiceContext<'pdf' | 'secret'>,
  input: { p12: Buffer; password: string },
): Promise<void> {
  const { actor, ...deps } = ctx;
  requireAdmin(actor, 'change the sealing certificate');
  const details = await readUploaded(deps.pdf, input, actor.organizationId);
  await deps.db
    .update(organizations)
    .set({
      sealingP12: input.p12,
      sealingP12Password: sealSecret(deps.secret, purpose, input.password),
      ...detailColumns(details),
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, actor.organizationId));
}

/** Goes back to the instance certificate. Seals already made stay verifiable (by fingerprint). */
export async function removeSealingCertificate(ctx: ServiceContext): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the sealing certificate');
  await requireRecentSignIn(db, actor, 'to remove the sealing certificate');
  await db
    .update(organizations)
    .set({
      sealingP12: null,
      sealingP12Password: null,
      sealingSubject: null,
      sealingIssuer: null,
      sealingNotBefore: null,
      sealingNotAfter: null,
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, actor.organizationId));
}
