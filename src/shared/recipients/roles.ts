import type { SignerStatus } from '../statuses';

/**
 * What a recipient of a contract does, declared once: who waits for them, what they may fill,
 * what their e-mails and the certificate call their part. The server's routing, the sender's
 * editor, the signing page, the route picture, the mail and the seal all read this table.
 */
export const recipientRoles = ['signer', 'approver', 'viewer', 'cc', 'witness'] as const;
export type RecipientRole = (typeof recipientRoles)[number];

export type RoleEntry = {
  /** What the sender's editor, the route picture and the certificate call the role. */
  label: string;
  /** The part, as a verb for sentences ("asks you to sign"). */
  verb: string;
  /** What the invitation's button says. */
  action: string;
  /** Their part done, in the past tense ("Signed", "Viewed"). */
  done: string;
  /** The recipient statuses in which their part is done. */
  doneIn: readonly SignerStatus[];
  /** The contract waits for them: their group is not over, nor the contract complete, until they are done. */
  blocks: boolean;
  /** They open a signing link (a CC only hears of the contract and receives the sealed PDF). */
  hasLink: boolean;
  /** Fields may be assigned to them. */
  mayHaveFields: boolean;
  /** They adopt a signature that the final PDF shows (a signer's and a witness's). */
  signs: boolean;
  /** They may hand their turn to someone else, when delegation is allowed. */
  mayDelegate: boolean;
  /** They may name a later recipient the sender left to be named. */
  mayName: boolean;
};

export const recipientCatalogue: Record<RecipientRole, RoleEntry> = {
  signer: {
    label: 'Signer',
    verb: 'sign',
    action: 'Review and sign',
    done: 'Signed',
    doneIn: ['signed'],
    blocks: true,
    hasLink: true,
    mayHaveFields: true,
    signs: true,
    mayDelegate: true,
    mayName: true,
  },
  approver: {
    label: 'Approver',
    verb: 'approve',
    action: 'Review and approve',
    done: 'Approved',
    doneIn: ['approved'],
    blocks: true,
    hasLink: true,
    mayHaveFields: true,
    signs: false,
    mayDelegate: true,
    mayName: true,
  },
  viewer: {
    label: 'Viewer',
    verb: 'read',
    action: 'Open the document',
    done: 'Viewed',
    doneIn: ['viewed'],
    blocks: true,
    hasLink: true,
    mayHaveFields: false,
    signs: false,
    mayDelegate: false,
    mayName: false,
  },
  cc: {
    label: 'CC',
    verb: 'receive a copy of',
    action: '',
    done: 'Copied',
    doneIn: [],
    blocks: false,
    hasLink: false,
    mayHaveFields: false,
    signs: false,
    mayDelegate: false,
    mayName: false,
  },
  witness: {
    label: 'Witness',
    verb: 'witness',
    action: 'Review and witness',
    done: 'Witnessed',
    doneIn: ['signed'],
    blocks: true,
    hasLink: true,
    mayHaveFields: true,
    signs: true,
    mayDelegate: false,
    mayName: false,
  },
};

export const roleOf = (role: RecipientRole): RoleEntry => recipientCatalogue[role];

/**
 * Whether a signer or approver may hand their turn to someone else: never, once (the delegate
 * may not hand it on), or again by each delegate. An organization's rule, which a contract may set
 * for itself.
 */
export const delegationRules = ['off', 'once', 'repeated'] as const;
export type DelegationRule = (typeof delegationRules)[number];
