import { eq } from 'drizzle-orm';
import type { SigningSession } from '../../../shared/api/signing';
import type { Database } from '../../db/client';
import { signingLinks } from '../../db/schema';
import { openEmbedLinkOnce } from '../embedding/embed-link';
import { findSignerWithContract } from './find-signer';
import { hashLinkToken } from './link-token';
import { markSignerViewed } from './mark-signer-viewed';
import { authenticationOf, requiredChecks } from './signer-authentication';
import type { SignerCheck } from './signing-cookie';
import { assertUnexpired, embedLinkClosedError, invalidLinkError, isLiveLink } from './signing-link';
import { signingStateOf } from './signing-state';

/** What this browser's signing cookie for a signer holds, if it holds a valid one. */
type CookieBefore = (signerId: string) => { linkId: string; checks: ReadonlySet<SignerCheck> } | null;

/**
 * Resolves a signing link to its signer and says what it leads to, and which checks (access
 * code, e-mailed code) still stand before the document. The first opening of a link that may
 * sign, with every check passed, marks the signer viewed (history and a notification to the
 * owner). `cookieBefore` gives what this browser's cookie for the signer already holds (the link
 * it was opened with and the checks passed), so reopening a link within the hour does not ask for
 * the codes again; a cookie from a link retired since carries nothing over. The answer names the
 * link opened, which the new cookie is bound to. An embed link opens one session only, at once or never.
 */
export async function openSigningLink(
  db: Database,
  token: string,
  origin: { ip: string | null; userAgent: string | null },
  cookieBefore: CookieBefore = () => null,
): Promise<SigningSession & { linkId: string; passed: Set<SignerCheck> }> {
  const [link] = await db
    .select({
      id: signingLinks.id,
      signerId: signingLinks.signerId,
      purpose: signingLinks.purpose,
      expiresAt: signingLinks.expiresAt,
      usedAt: signingLinks.usedAt,
    })
    .from(signingLinks)
    .where(eq(signingLinks.tokenHash, hashLinkToken(token)));
  if (!link) throw invalidLinkError();
  assertUnexpired(link);
  if (link.purpose === 'embed' && link.usedAt) throw embedLinkClosedError();
  return db.transaction(async (tx) => {
    if (link.purpose === 'embed') await openEmbedLinkOnce(tx, link.id);
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, link.signerId, { lock: true, link: link.id });
    const required = requiredChecks(signer);
    const before = cookieBefore(signer.id);
    const carried =
      before &&
      (before.linkId === link.id || (await isLiveLink(tx, { signerId: signer.id, linkId: before.linkId })))
        ? before.checks
        : new Set<SignerCheck>();
    const passed = new Set([...carried].filter((check) => required.has(check)));
    const authentication = authenticationOf(signer, passed);
    const opened = authentication.complete
      ? await markSignerViewed(tx, { contract, signer, signers: all, origin })
      : signer;
    return {
      signerId: signer.id,
      state: signingStateOf({ contract, signer: opened, signers: all }),
      purpose: link.purpose,
      authentication,
      linkId: link.id,
      passed,
    };
  });
}
