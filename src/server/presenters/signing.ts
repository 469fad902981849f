import type { CustomField } from '../../shared/api/custom-fields';
import type { Route } from '../../shared/api/route';
import type { ClosedSigningView, ContractSigning, SigningField, SigningView } from '../../shared/api/signing';
import { consentFor } from '../../shared/consent';
import { currentGroup, type RouteMember, routeGroups } from '../../shared/recipients';
import type { ContractFileRow, ContractRow, DocumentRow, MailMessageRow, SignerRow } from '../db/schema';
import { presentOutboxMessage } from './mail';

/**
 * A contract's route as a recipient's page shows it: each member's name, role and where they
 * stand, and which of them is the reader; never an address.
 */
export function presentRoute(
  contract: Pick<ContractRow, 'sequential'>,
  all: readonly (RouteMember & { name: string })[],
  readerId: string | null,
): Route {
  return {
    sequential: contract.sequential,
    current: currentGroup(all, contract.sequential),
    groups: routeGroups(all, contract.sequential).map((group) => ({
      order: group.order,
      members: group.members.map(({ member, state }) => ({
        number: member.position,
        name: member.name,
        role: member.role,
        state,
        witnessOf: member.witnessOf,
        namedBy: member.namedBy,
        you: member.id === readerId,
      })),
    })),
  };
}

type DocumentInfo = Pick<DocumentRow, 'sha256' | 'pages' | 'createdAt'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What the signing page shows a signer: who sent what, the frozen document, the consent, the fields. */
export function presentSigningView(facts: {
  signer: SignerRow & { email: string };
  contract: ContractRow;
  state: SigningView['state'];
  witnessOf: string | null;
  route: Route;
  toName: SigningView['toName'];
  mayDelegate: boolean;
  organizationName: string;
  senderEmail: string;
  frozen: Pick<DocumentInfo, 'sha256' | 'pages'> | undefined;
  files: Pick<ContractFileRow, 'name' | 'pageCount' | 'signatures'>[];
  placed: SigningField[];
  fields: CustomField[];
  savedSignature: SigningView['savedSignature'];
}): SigningView {
  const { signer, contract, frozen } = facts;
  return {
    signerId: signer.id,
    state: facts.state,
    signer: { name: signer.name, email: signer.email },
    role: signer.role,
    witnessOf: facts.witnessOf,
    route: facts.route,
    toName: facts.toName,
    mayDelegate: facts.mayDelegate,
    contract: {
      title: contract.title,
      html: contract.contentHtml,
      expiresAt: iso(contract.expiresAt),
      pages: frozen?.pages ?? 0,
      sha256: frozen?.sha256 ?? '',
      files: facts.files.map((file) => ({
        name: file.name,
        pageCount: file.pageCount,
        signatures: file.signatures,
      })),
    },
    placed: facts.placed,
    sender: { name: contract.createdByName, email: facts.senderEmail },
    organization: { name: facts.organizationName },
    consent: consentFor(signer.role),
    fields: facts.fields,
    finalDocumentReady: contract.sealedAt !== null,
    savedSignature: facts.savedSignature,
    signedAt: iso(signer.signedAt),
  };
}

/** What the signing page of a closed contract shows: how it closed and who sent it, nothing of the document. */
export function presentClosedSigningView(facts: {
  signer: Pick<SignerRow, 'id'>;
  contract: Pick<ContractRow, 'createdByName'>;
  state: ClosedSigningView['state'];
  organizationName: string;
}): ClosedSigningView {
  return {
    signerId: facts.signer.id,
    state: facts.state,
    sender: { name: facts.contract.createdByName },
    organization: { name: facts.organizationName },
  };
}

function presentDocumentInfo(doc: DocumentInfo | undefined): ContractSigning['documents']['frozen'] {
  return doc ? { sha256: doc.sha256, pages: doc.pages, createdAt: doc.createdAt.toISOString() } : null;
}

/** A sent contract's documents, seal state, signer timeline and mail, for its page. */
export function presentContractSigning(facts: {
  contract: Pick<ContractRow, 'sequential' | 'sentAt' | 'completedAt' | 'sealedAt' | 'sealError'>;
  documents: { frozen: DocumentInfo | undefined; final: DocumentInfo | undefined };
  signers: Array<
    Pick<SignerRow, 'id' | 'invitedAt' | 'lastRemindedAt' | 'declineReason'> & { authLocked: boolean }
  >;
  mail: Array<MailMessageRow>;
}): ContractSigning {
  const { contract } = facts;
  return {
    sequential: contract.sequential,
    sentAt: iso(contract.sentAt),
    completedAt: iso(contract.completedAt),
    sealedAt: iso(contract.sealedAt),
    sealError: contract.sealedAt ? null : contract.sealError,
    documents: {
      frozen: presentDocumentInfo(facts.documents.frozen),
      final: presentDocumentInfo(facts.documents.final),
    },
    signers: facts.signers.map((signer) => ({
      id: signer.id,
      invitedAt: iso(signer.invitedAt),
      lastRemindedAt: iso(signer.lastRemindedAt),
      declineReason: signer.declineReason,
      authLocked: signer.authLocked,
    })),
    mail: facts.mail.map(presentOutboxMessage),
  };
}
