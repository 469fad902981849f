import { eq } from 'drizzle-orm';
import type { SigningSession } from '../../../shared/api/signing';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { signingLinks } from '../../db/schema';
import { findSignerWithContract } from './find-signer';
import { markSignerViewed } from './mark-signer-viewed';
import { authenticationOf, requiredChecks } from './signer-authentication';
import type { SignerCheck } from './signing-cookie';
import { signingStateOf } from './signing-state';
import { hashSigningToken } from './signing-token';

/**
 * Resolves a signing link to its signer and says what it leads to, and which checks (access
 * code, e-mailed code) still stand before the document. The first opening of a link that may
 * sign, with every check passed, marks the signer viewed (history and a notification to the
 * owner). `passedBefore` gives the checks this browser's cookie already carries for the signer,
 * so reopening the link within the hour does not ask for the codes again.
 */
export async function openSigningLink(
  db: Database,
  token: string,
  origin: { ip: string | null; userAgent: string | null },
  passedBefore: (signerId: string) => ReadonlySet<SignerCheck> = () => new Set(),
): Promise<SigningSession & { passed: Set<SignerCheck> }> {
  const [link] = await db
    .select({ signerId: signingLinks.signerId })
    .from(signingLinks)
    .where(eq(signingLinks.tokenHash, hashSigningToken(token)));
  if (!link) {
    throw new AppError('NOT_FOUND', 'This signing link is not valid. Use the whole link from your e-mail.');
  }
  return db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, link.signerId, { lock: true });
    const required = requiredChecks(signer);
    const passed = new Set([...passedBefore(signer.id)].filter((check) => required.has(check)));
    const authentication = authenticationOf(signer, passed);
    if (authentication.complete) await markSignerViewed(tx, { contract, signer, signers: all, origin });
    return {
      signerId: signer.id,
      state: signingStateOf({ contract, signer, signers: all }),
      authentication,
      passed,
    };
  });
}
