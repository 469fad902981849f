import { expect } from 'vitest';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { consentDisclosure } from '../../src/shared/consent';
import { type SmtpPeer, signingTokenIn } from './smtp-peer';
import { call, sampleDocument, type TestAccount, type TestContext } from './test-app';

export type PersonInput = { name: string; email: string };
/** A recipient as a test saves it: a person, or any of the route's fields (left out: the defaults). */
export type RecipientInput = {
  name?: string;
  email?: string;
  role?: string;
  signingOrder?: number;
  witnessOf?: number;
  namedBy?: number;
};

/** Creates a contract with these recipients and sends it; returns its id. */
export async function createAndSend(
  ctx: TestContext,
  account: TestAccount,
  signers: readonly RecipientInput[],
  options: { sequential?: boolean; title?: string; expiresAt?: string } = {},
): Promise<string> {
  const created = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: options.title ?? 'Services Agreement',
      content: sampleDocument(),
      signers,
      ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const sent = await call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${id}/send`,
    json: { sequential: options.sequential ?? false },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

/** What a signer's browser holds after opening the link: their id and signing cookie. */
export type SigningBrowser = { signerId: string; cookie: string; state: string };

export async function openLink(ctx: TestContext, token: string): Promise<SigningBrowser> {
  const response = await call(ctx, null, { method: 'POST', url: '/api/signing/sessions', json: { token } });
  expect(response.statusCode, response.body).toBe(200);
  const { signerId, state } = response.json();
  const cookie = response.cookies.find((c) => c.name.startsWith('pactum_sign_'));
  if (!cookie) throw new Error('No signing cookie');
  return { signerId, state, cookie: `${cookie.name}=${cookie.value}` };
}

/** Signs with a drawn signature; `placed` gives values for fields placed on the document, by id. */
export function signAs(
  ctx: TestContext,
  browser: SigningBrowser,
  fields: Record<string, string>,
  placed: { values?: Record<string, string>; initials?: boolean } = {},
) {
  return call(ctx, null, {
    method: 'POST',
    url: `/api/signing/${browser.signerId}/sign`,
    headers: { cookie: browser.cookie, 'user-agent': 'signing-test' },
    json: {
      consentVersion: consentDisclosure.version,
      fields,
      signature: { kind: 'drawn', image: signatureDataUrl() },
      ...(placed.initials ? { initials: { kind: 'drawn', image: signatureDataUrl() } } : {}),
      ...(placed.values ? { placed: placed.values } : {}),
    },
  });
}

/** The newest signing link e-mailed to this address. */
export function latestTokenFor(peer: SmtpPeer, email: string): string {
  const mails = peer.to(email).filter((mail) => /\/sign\//.test(mail.text ?? ''));
  const last = mails.at(-1);
  if (!last) throw new Error(`No signing e-mail to ${email}`);
  return signingTokenIn(last);
}

/** The one-time code in the latest one-time-code e-mail the peer received for this address. */
export function codeMailedTo(peer: SmtpPeer, email: string): string {
  const mail = peer
    .to(email)
    .filter((candidate) => /one-time code/i.test(candidate.text ?? ''))
    .at(-1);
  const match = /\b(\d{6})\b/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`No code mailed to ${email}`);
  return match[1];
}
