import { and, eq } from 'drizzle-orm';
import type { SigningPage, SigningView } from '../../../shared/api/signing';
import { isDone, roleOf } from '../../../shared/recipients';
import type { SignerContext } from '../../context';
import type { Database } from '../../db/client';
import { documents, organizations, type SignerRow } from '../../db/schema';
import { presentClosedSigningView, presentRoute, presentSigningView } from '../../presenters/signing';
import { contractFileRows } from '../contract-files/contract-file-rows';
import { contractOwner } from '../contracts/contract-owner';
import { listSignerFields } from '../custom-fields/list-custom-fields';
import { getSavedSignature } from '../signatures/saved-signature';
import { delegationRefusal, delegationRuleOf } from './delegation-rule';
import { fieldsForSigner } from './fields-for-signer';
import { findSignerWithContract } from './find-signer';
import { toNameBy } from './name-recipients';
import { signerNumbered } from './signer-numbers';
import { pageStateOf, signingStateOf } from './signing-state';

/** A signed-in Pactum user who is the invited signer gets their saved signature offered. */
async function savedSignatureFor(
  db: Database,
  viewer: { userId: string; email: string } | null,
  signerEmail: string,
): Promise<SigningView['savedSignature']> {
  if (!viewer || viewer.email.toLowerCase() !== signerEmail.toLowerCase()) return null;
  const saved = await getSavedSignature(db, viewer.userId);
  return saved.kind && saved.image ? { kind: saved.kind, image: saved.image } : null;
}

/** Whether every other recipient who blocks is done: this one's action would complete the contract. */
const lastOneLeft = (all: readonly SignerRow[], id: string) =>
  all.every(
    (other) => other.id === id || other.status === 'delegated' || !roleOf(other.role).blocks || isDone(other),
  );

/** A witness's signer, by the name they signed with. */
function witnessName(all: readonly SignerRow[], signer: SignerRow): string | null {
  if (signer.role !== 'witness') return null;
  const witnessed = signerNumbered(all, signer.witnessOf);
  return witnessed ? (witnessed.fieldValues?.fullName ?? witnessed.name) : null;
}

/**
 * Everything the signing page shows: who sent what, the frozen document, the consent and the
 * fields; for a closed contract (canceled, declined, expired) only that and who sent it.
 * `lastToSign` is told when the viewer's signature, if given, completes the contract.
 */
export async function getSigningView(
  ctx: SignerContext,
  viewer: { userId: string; email: string } | null = null,
  lastToSign: () => void = () => {},
): Promise<SigningPage> {
  const { db, signerId } = ctx;
  const { signer, contract, signers } = await findSignerWithContract(db, signerId, { link: ctx.linkId });
  const state = signingStateOf({ contract, signer, signers });
  if (state === 'ready' && lastOneLeft(signers, signer.id)) lastToSign();
  const [organization] = await db
    .select({ name: organizations.name, delegation: organizations.delegation })
    .from(organizations)
    .where(eq(organizations.id, contract.organizationId));
  const page = pageStateOf(contract, state);
  if (page.closed) {
    return presentClosedSigningView({
      signer,
      contract,
      state: page.state,
      organizationName: organization?.name ?? '',
    });
  }
  const sender = await contractOwner(db, contract.createdBy);
  // Before their turn, a recipient sees the route and whose turn it is: not the document (its
  // text, pages, files) or their fields; readSigningDocument refuses its bytes likewise.
  const waiting = page.state === 'waiting';
  const [frozen] = waiting
    ? []
    : await db
        .select({ sha256: documents.sha256, pages: documents.pages })
        .from(documents)
        .where(and(eq(documents.contractId, contract.id), eq(documents.kind, 'frozen')));
  return presentSigningView({
    signer,
    contract: waiting ? { ...contract, contentHtml: '' } : contract,
    state: page.state,
    witnessOf: witnessName(signers, signer),
    route: presentRoute(contract, signers, signer.id),
    mayDelegate:
      page.state === 'ready' &&
      delegationRefusal(delegationRuleOf(contract, organization ?? { delegation: 'off' }), signer) === null,
    toName: toNameBy(signers, signer).map((member) => ({
      number: member.position,
      role: member.role,
      label: member.name,
    })),
    organizationName: organization?.name ?? '',
    senderEmail: sender?.email ?? '',
    frozen,
    files: waiting ? [] : await contractFileRows(db, contract.id),
    placed: waiting ? [] : await fieldsForSigner(db, contract.id, signers, signer.id),
    fields: await listSignerFields(db, contract.organizationId),
    savedSignature: await savedSignatureFor(db, viewer, signer.email),
  });
}
