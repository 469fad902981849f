import { eq } from 'drizzle-orm';
import type { SigningSession } from '../../../shared/api/signing';
import { AppError } from '../../../shared/errors';
import type { RequestOrigin as Origin } from '../../context';
import type { Database } from '../../db/client';
import { type ContractRow, type SignerRow, signers } from '../../db/schema';
import { transition } from '../lifecycle/transition';
import { findSignerWithContract, type NamedSigner, recipientFacts, signerAuthor } from './find-signer';
import { markSignerViewed } from './mark-signer-viewed';
import { authenticationOf, maxAuthFailures, requiredChecks } from './signer-authentication';
import type { SignerCheck } from './signing-cookie';
import { signingStateOf } from './signing-state';

export type CheckOutcome = 'right' | 'wrong';
type Result = SigningSession & { passed: Set<SignerCheck> };

const checkNames: Record<SignerCheck, string> = { access_code: 'access code', email_code: 'e-mailed code' };

/**
 * One try at one of a signer's checks. The contract row is locked for the whole try, so parallel
 * guesses are counted one after another and none slips past the limit. A right code resets the
 * count of wrong ones; the fifth wrong one in a row locks the signer out (history, a notification
 * and an e-mail to the sender), and a locked signer's codes are not even checked.
 */
export async function trySignerCode(
  db: Database,
  input: {
    signerId: string;
    /** The link the session trying was opened with (`SignerContext.linkId`). */
    linkId: string | null;
    check: SignerCheck;
    passed: ReadonlySet<SignerCheck>;
    origin: Origin;
    /** Compares the code given with the stored hash (in constant time); throws when there is nothing to compare with. */
    verify: (signer: SignerRow) => Promise<CheckOutcome>;
  },
): Promise<Result> {
  const { check, origin } = input;
  const outcome = await db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
      linkPurpose,
    } = await findSignerWithContract(tx, input.signerId, { lock: true, link: input.linkId });
    const required = requiredChecks(signer);
    const passed = new Set([...input.passed].filter((passedCheck) => required.has(passedCheck)));
    const result = (row: NamedSigner): Result => ({
      signerId: row.id,
      state: signingStateOf({ contract, signer: row, signers: all }),
      purpose: linkPurpose ?? 'sign',
      authentication: authenticationOf(row, passed),
      passed,
    });
    if (!required.has(check) || passed.has(check)) return { kind: 'done' as const, result: result(signer) };
    if (signer.authFailures >= maxAuthFailures) return { kind: 'locked' as const };

    if ((await input.verify(signer)) === 'right') {
      const updated = {
        ...signer,
        authFailures: 0,
        emailCodeHash: check === 'email_code' ? null : signer.emailCodeHash,
      };
      await tx
        .update(signers)
        .set({
          authFailures: 0,
          // An e-mailed code works once.
          ...(check === 'email_code' ? { emailCodeHash: null, emailCodeExpiresAt: null } : {}),
        })
        .where(eq(signers.id, signer.id));
      await transition(tx, {
        contract,
        step: 'signer.check_passed',
        facts: { ...recipientFacts(signer), check },
        author: signerAuthor(signer, origin),
        at: new Date(),
      });
      passed.add(check);
      const opened = authenticationOf(updated, passed).complete
        ? await markSignerViewed(tx, { contract, signer: updated, signers: all, origin })
        : updated;
      return { kind: 'done' as const, result: result(opened) };
    }

    const failures = signer.authFailures + 1;
    await tx.update(signers).set({ authFailures: failures }).where(eq(signers.id, signer.id));
    if (failures < maxAuthFailures) return { kind: 'wrong' as const, triesLeft: maxAuthFailures - failures };
    await lockOut(tx, { contract, signer, check, origin });
    return { kind: 'locked' as const };
  });

  if (outcome.kind === 'done') return outcome.result;
  if (outcome.kind === 'locked') throw lockedError();
  throw new AppError(
    'INVALID_INPUT',
    `That ${checkNames[check]} is not right. ${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left before the document is locked.`,
    'code',
  );
}

export function lockedError(): AppError {
  return new AppError(
    'SIGNER_LOCKED',
    'Too many wrong codes: this document is locked for you. Ask the sender to send you a new link.',
  );
}

async function lockOut(
  tx: Database,
  input: { contract: ContractRow; signer: NamedSigner; check: SignerCheck; origin: Origin },
): Promise<void> {
  const { contract, signer } = input;
  // A code e-mailed before the lock must not open the document after it.
  await tx
    .update(signers)
    .set({ emailCodeHash: null, emailCodeExpiresAt: null })
    .where(eq(signers.id, signer.id));
  await transition(tx, {
    contract,
    step: 'signer.locked',
    facts: {
      ...recipientFacts(signer),
      checkName: checkNames[input.check],
      tries: maxAuthFailures,
      signed: signer.status === 'signed' ? 'true' : 'false',
    },
    author: signerAuthor(signer, input.origin),
    at: new Date(),
  });
}
