import { expect } from 'vitest';
import type { EditorDocument } from '../../src/shared/api/editor-document';
import type { SmtpPeer } from './smtp-peer';
import { call, type TestAccount, type TestContext } from './test-app';

/** A short draft of three clauses, as the review tests send it for review. */
export const reviewedAgreement: EditorDocument = {
  type: 'doc',
  content: [
    'The Supplier delivers the goods within thirty days of the order.',
    'The Buyer pays each invoice within fourteen days.',
    'Either party may end this agreement with ninety days of notice.',
  ].map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
};

type Mailing = { background: { drain(): Promise<unknown> }; peer: SmtpPeer };

/**
 * Sends a draft for review to one person, delivers the invitation to the SMTP peer, and opens its
 * link as the reviewer's browser would: what the other side holds afterwards.
 */
export async function inviteReviewer(
  ctx: TestContext,
  { background, peer }: Mailing,
  account: TestAccount,
  contractId: string,
  person: { name: string; email: string },
) {
  const sent = await call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${contractId}/review`,
    json: { reviewers: [person] },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await background.drain();
  const mail = peer.to(person.email).at(-1);
  const token = /\/review\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`No review link in: ${mail?.subject}`);
  const opened = await call(ctx, null, { method: 'POST', url: '/api/review/open', json: { token } });
  expect(opened.statusCode, opened.body).toBe(200);
  const cookie = opened.cookies.find((c) => c.name.startsWith('pactum_review_'));
  if (!cookie) throw new Error('No review cookie');
  return {
    reviewerId: opened.json().reviewerId as string,
    cookie: `${cookie.name}=${cookie.value}`,
    cookieName: cookie.name,
    cookieValue: cookie.value,
    email: person.email,
    token,
    mail,
  };
}

export type InvitedReviewer = Awaited<ReturnType<typeof inviteReviewer>>;
