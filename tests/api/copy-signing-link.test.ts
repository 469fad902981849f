import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractHistory, signers } from '../../src/server/db/schema';
import { approvalConsentDisclosure } from '../../src/shared/consent';
import { withMail } from '../support/background';
import {
  createAndSend,
  latestTokenFor,
  openLink,
  type PersonInput,
  type RecipientInput,
  type SigningBrowser,
  signAs,
} from '../support/signing';
import { buildAccount, call, sampleDocument, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Sam Sender' });
const stranger = await buildAccount(ctx, { name: 'Olga Outsider' });
const { peer, background } = await withMail(ctx);

let counter = 0;
function person(name: string): PersonInput {
  counter += 1;
  return { name, email: `${name.toLowerCase()}-copy-${counter}@example.com` };
}

const sendRouted = (people: RecipientInput[]) =>
  createAndSend(ctx, owner, people, { sequential: true, title: 'Copied link agreement' });

async function recipientId(contractId: string, email: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: signers.id })
    .from(signers)
    .where(and(eq(signers.contractId, contractId), eq(signers.email, email)));
  if (!row) throw new Error(`no recipient ${email}`);
  return row.id;
}

function copyLink(contractId: string, signerId: string, account: TestAccount | null = owner) {
  return call(ctx, account, { method: 'POST', url: `/api/contracts/${contractId}/signers/${signerId}/link` });
}

/** Copies a link and opens it as the recipient's browser would. */
async function copiedBrowser(contractId: string, signerId: string): Promise<SigningBrowser> {
  const copied = await copyLink(contractId, signerId);
  expect(copied.statusCode, copied.body).toBe(200);
  const url = new URL(copied.json().url as string);
  expect(url.pathname).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}$/);
  return openLink(ctx, url.pathname.slice('/sign/'.length));
}

const approve = (browser: SigningBrowser, fullName: string) =>
  call(ctx, null, {
    method: 'POST',
    url: `/api/signing/${browser.signerId}/approve`,
    headers: { cookie: browser.cookie },
    json: { consentVersion: approvalConsentDisclosure.version, fields: { fullName } },
  });

async function historyOf(id: string) {
  const rows = await ctx.database.db.select().from(contractHistory).where(eq(contractHistory.contractId, id));
  return rows.sort((a, b) => a.seq - b.seq);
}

describe("the sender copies a recipient's signing link", () => {
  it('a copied group-2 link waits, signs and fills nothing out of turn, then signs when the turn comes', async () => {
    const approver = person('Ada');
    const later = person('Ben');
    const id = await sendRouted([
      { ...approver, role: 'approver', signingOrder: 1 },
      { ...later, signingOrder: 2 },
    ]);
    await background.drain();
    const mailedBefore = peer.to(later.email).length;
    const laterId = await recipientId(id, later.email);
    const early = await copiedBrowser(id, laterId);
    expect(early.state).toBe('waiting');
    // Nothing is mailed: the sender hands the link over.
    await background.drain();
    expect(peer.to(later.email)).toHaveLength(mailedBefore);

    const view = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${early.signerId}`,
      headers: { cookie: early.cookie },
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().state).toBe('waiting');
    // Nor is the document shown before the turn: neither in the page's answer nor as a file.
    expect(view.json().placed).toEqual([]);
    expect(view.json().contract).toMatchObject({ html: '', pages: 0, sha256: '', files: [] });
    const earlyPdf = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${early.signerId}/documents/frozen`,
      headers: { cookie: early.cookie },
    });
    expect(earlyPdf.statusCode).toBe(409);
    expect(earlyPdf.json().error.code).toBe('SIGNING_NOT_YOUR_TURN');

    // Its signature, its fills and an approval are refused; nothing is stored.
    const signed = await signAs(ctx, early, { fullName: later.name, company: 'Early Ltd' });
    expect(signed.statusCode).toBe(409);
    expect(signed.json().error.code).toBe('SIGNING_CLOSED');
    expect((await approve(early, later.name)).statusCode).toBeGreaterThanOrEqual(400);
    const [row] = await ctx.database.db.select().from(signers).where(eq(signers.id, laterId));
    expect(row).toMatchObject({ status: 'pending', signedAt: null, fieldValues: null });

    const entry = (await historyOf(id)).find((candidate) => candidate.action === 'link_copied');
    expect(entry?.details).toBe(`Sam Sender copied a signing link for ${later.name} (${later.email})`);

    // The approver approves: the copied link now signs, and completes the contract.
    const approverBrowser = await openLink(ctx, latestTokenFor(peer, approver.email));
    expect((await approve(approverBrowser, approver.name)).statusCode).toBe(204);
    const turnCame = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${early.signerId}/documents/frozen`,
      headers: { cookie: early.cookie },
    });
    expect(turnCame.statusCode).toBe(200);
    expect(turnCame.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const now = await signAs(ctx, early, { fullName: later.name });
    expect(now.statusCode, now.body).toBe(204);
    const contract = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
    expect(contract.status).toBe('signed');
  });

  it('a correction kills a copied link', async () => {
    const wrong = person('Cal');
    const id = await createAndSend(ctx, owner, [wrong]);
    const signerId = await recipientId(id, wrong.email);
    const copied = await copiedBrowser(id, signerId);
    expect(copied.state).toBe('ready');
    const corrected = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}/signers/${signerId}`,
      json: { email: person('Callum').email },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await signAs(ctx, copied, { fullName: wrong.name })).statusCode).toBe(404);
  });

  it('refuses a CC, someone who acted or handed on, an unnamed recipient, a draft, a closed contract, and another organization', async () => {
    const signer = person('Dot');
    const other = person('Eli');
    const cc = person('Fin');
    const namer = person('Gil');
    const id = await sendRouted([
      { ...namer, signingOrder: 1 },
      { ...signer, signingOrder: 1 },
      { ...other, signingOrder: 1 },
      { signingOrder: 2, namedBy: 1 },
      { ...cc, role: 'cc', signingOrder: 1 },
    ]);
    await background.drain();

    const asCc = await copyLink(id, await recipientId(id, cc.email));
    expect(asCc.statusCode).toBe(400);
    expect(asCc.json().error.message).toContain('no signing link');

    const [unnamed] = await ctx.database.db
      .select({ id: signers.id })
      .from(signers)
      .where(and(eq(signers.contractId, id), eq(signers.position, 4)));
    const toBeNamed = await copyLink(id, unnamed?.id ?? '');
    expect(toBeNamed.statusCode).toBe(400);
    expect(toBeNamed.json().error.message).toContain('to be named');

    const signerBrowser = await openLink(ctx, latestTokenFor(peer, signer.email));
    expect((await signAs(ctx, signerBrowser, { fullName: signer.name })).statusCode).toBe(204);
    const acted = await copyLink(id, signerBrowser.signerId);
    expect(acted.statusCode).toBe(409);
    expect(acted.json().error.message).toBe(
      `${signer.name} has signed already, so they can no longer be given a signing link`,
    );

    const otherId = await recipientId(id, other.email);
    expect((await copyLink(id, otherId, stranger)).statusCode).toBe(404);
    expect((await copyLink(id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    // A removed recipient is gone: their id is not found.
    const removed = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${id}/signers/${otherId}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await copyLink(id, otherId)).statusCode).toBe(404);

    await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/cancel`, json: { reason: 'over' } });
    const closed = await copyLink(id, await recipientId(id, namer.email));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toContain('canceled');

    const draft = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Draft', content: sampleDocument(), signers: [person('Hal')] },
    });
    const draftSigner = draft.json().signers[0].id as string;
    const asDraft = await copyLink(draft.json().id, draftSigner);
    expect(asDraft.statusCode).toBe(409);
    expect(asDraft.json().error.message).toContain('draft');
    expect((await historyOf(id)).some((row) => row.action === 'link_copied')).toBe(false);
  });

  it('refuses a delegated recipient, whose turn went to their delegate', async () => {
    const response = await call(ctx, owner, {
      method: 'PATCH',
      url: '/api/settings/organization',
      json: { delegation: 'once' },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const ivy = person('Ivy');
    const id = await createAndSend(ctx, owner, [ivy]);
    await background.drain();
    const ivyBrowser = await openLink(ctx, latestTokenFor(peer, ivy.email));
    const deputy = person('Jay');
    const handed = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${ivyBrowser.signerId}/delegate`,
      headers: { cookie: ivyBrowser.cookie },
      json: { ...deputy, reason: 'On leave' },
    });
    expect(handed.statusCode, handed.body).toBe(200);
    const refused = await copyLink(id, ivyBrowser.signerId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('handed their turn to someone else');
    expect((await copiedBrowser(id, await recipientId(id, deputy.email))).state).toBe('ready');
  });

  it('works with a read-write API token, not a read one, and stops at the per-contract limit', async () => {
    const kit = person('Kit');
    const id = await createAndSend(ctx, owner, [kit]);
    const signerId = await recipientId(id, kit.email);
    const token = async (scope: 'read' | 'read-write') => {
      const made = await call(ctx, owner, {
        method: 'POST',
        url: '/api/api-tokens',
        json: { name: scope, scope },
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().token as string;
    };
    const withToken = async (value: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/contracts/${id}/signers/${signerId}/link`,
        headers: { authorization: `Bearer ${value}` },
      });
    expect((await withToken(await token('read'))).statusCode).toBe(403);
    const writer = await token('read-write');
    const first = await withToken(writer);
    expect(first.statusCode, first.body).toBe(200);
    const entry = (await historyOf(id)).find((row) => row.action === 'link_copied');
    expect(entry?.details).toContain('API token');

    let refusal: Awaited<ReturnType<typeof withToken>> | undefined;
    for (let i = 0; i < 30 && !refusal; i += 1) {
      const next = await withToken(writer);
      if (next.statusCode !== 200) refusal = next;
    }
    expect(refusal?.statusCode).toBe(429);
    expect(refusal?.json().error.message).toContain('20 signing links');
    expect((await historyOf(id)).filter((row) => row.action === 'link_copied')).toHaveLength(20);
  });

  it('is in the OpenAPI document, with its 429', async () => {
    const openapi = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const route = openapi.paths['/api/contracts/{id}/signers/{signerId}/link']?.post;
    expect(route?.description).toContain('signer.link_copied');
    expect(Object.keys(route?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404', '409', '429']));
  });
});
