import type { EventType } from '../events';

/**
 * What an embedded page tells the window that frames it, by `postMessage` to that window's origin
 * alone. The outcomes are named as the step catalogue names them (the webhooks' event types), so
 * an integrator reads one vocabulary; what only the page sees has names of the same form.
 * Each message is `{ source: 'pactum', type, signerId?, data }`.
 */
export const embedEvents = {
  /** The page is shown and the recipient may act. */
  ready: 'signing.ready',
  /** One of their fields was filled (`data.field`: the field's id; `data.label`). */
  fieldFilled: 'signing.field_filled',
  signed: 'contract.signed',
  approved: 'contract.approved',
  witnessed: 'contract.witnessed',
  declined: 'contract.declined',
  rejected: 'contract.rejected',
  /** Something went wrong (`data.code`, `data.message`: the server's error). */
  error: 'signing.error',
  /** The URL or its session is past its time, or was already used: ask for a new one. */
  expired: 'signing.expired',
  /** A public link's page: the visitor's contract was made; the signing page follows. */
  submitted: 'public_link.submitted',
} as const satisfies Record<string, EventType | `${string}.${string}`>;

export type EmbedEventType = (typeof embedEvents)[keyof typeof embedEvents];

export type EmbedMessage = {
  source: 'pactum';
  type: EmbedEventType;
  signerId?: string;
  data: Record<string, string>;
};
