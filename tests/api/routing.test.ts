import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractHistory, contracts, events, mailMessages, signingLinks } from '../../src/server/db/schema';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { newLinkToken } from '../../src/server/services/signing/link-token';
import { approvalConsentDisclosure, consentDisclosure } from '../../src/shared/consent';
import { withMail } from '../support/background';
import {
  latestTokenFor,
  openLink,
  type SigningBrowser,
  createAndSend as sendContract,
  signAs,
} from '../support/signing';
import { buildAccount, call, sampleDocument, testApp } from '../support/test-app';

// A contract routed as organizations route them: an approver first, two signers together, then a
// signer with a witness and a viewer, a CC copied from the start. The server decides every turn.

const run = promisify(execFile);
const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Rhea Router' });
const { peer, background } = await withMail(ctx);
let counter = 0;

type Recipient = {
  name?: string;
  email?: string;
  role?: string;
  signingOrder?: number;
  witnessOf?: number;
  namedBy?: number;
};

function routed() {
  counter += 1;
  const at = (who: string) => `${who}-${counter}@example.com`;
  return {
    approver: { name: 'Ada Approver', email: at('ada'), role: 'approver', signingOrder: 1 },
    first: { name: 'Ben Signer', email: at('ben'), role: 'signer', signingOrder: 2 },
    second: { name: 'Cleo Signer', email: at('cleo'), role: 'signer', signingOrder: 2 },
    deed: { name: 'Dan Deed', email: at('dan'), role: 'signer', signingOrder: 3 },
    witness: { name: 'Wes Witness', email: at('wes'), role: 'witness', signingOrder: 3, witnessOf: 4 },
    viewer: { name: 'Vic Viewer', email: at('vic'), role: 'viewer', signingOrder: 3 },
    cc: { name: 'Cora Copy', email: at('cora'), role: 'cc', signingOrder: 1 },
  };
}

function save(signers: Recipient[]) {
  return call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Routed Agreement', content: sampleDocument(), signers },
  });
}

async function createAndSend(signers: Recipient[]): Promise<string> {
  const id = await sendContract(ctx, owner, signers, { sequential: true, title: 'Routed Agreement' });
  await background.drain();
  return id;
}

const signingMails = (email: string) => peer.to(email).filter((mail) => /\/sign\//.test(mail.text ?? ''));

async function signerIdOf(id: string, email: string): Promise<string> {
  const contract = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
  const found = contract.signers.find((signer: { email: string | null }) => signer.email === email);
  if (!found) throw new Error(`No recipient ${email}`);
  return found.id;
}

async function turnsReached(id: string) {
  const rows = await ctx.database.db
    .select()
    .from(events)
    .where(and(eq(events.contractId, id), eq(events.type, 'contract.turn_reached')));
  return rows.map((row) => row.data.group);
}

async function historyOf(id: string) {
  const rows = await ctx.database.db.select().from(contractHistory).where(eq(contractHistory.contractId, id));
  return rows.sort((a, b) => a.seq - b.seq);
}

const approve = (browser: SigningBrowser, fullName: string) =>
  call(ctx, null, {
    method: 'POST',
    url: `/api/signing/${browser.signerId}/approve`,
    headers: { cookie: browser.cookie },
    json: { consentVersion: approvalConsentDisclosure.version, fields: { fullName } },
  });

async function pdfText(bytes: Uint8Array): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-routing-')), 'final.pdf');
  await writeFile(file, bytes);
  return (await run('pdftotext', [file, '-'])).stdout;
}

describe('a routed contract', () => {
  it('goes group by group, each recipient in their turn, and its certificate names every role and step', {
    timeout: 120_000,
  }, async () => {
    const people = routed();
    const { approver, first, second, deed, witness, viewer, cc } = people;
    const id = await createAndSend([approver, first, second, deed, witness, viewer, cc]);

    // At send: group 1 and its CC only; the CC's notice has no link that can act.
    expect(signingMails(approver.email)).toHaveLength(1);
    expect(peer.to(cc.email)).toHaveLength(1);
    expect(peer.to(cc.email)[0]?.text).not.toMatch(/\/sign\//);
    const ccMail = await ctx.database.db
      .select({ kind: mailMessages.kind })
      .from(mailMessages)
      .where(and(eq(mailMessages.contractId, id), eq(mailMessages.toEmail, cc.email)));
    expect(ccMail.map((row) => row.kind)).toEqual(['cc_notice']);
    for (const later of [first, second, deed, witness, viewer]) expect(peer.to(later.email)).toHaveLength(0);

    // A group-2 link that went out early opens on "waiting", and cannot sign.
    const early = newLinkToken();
    await ctx.database.db
      .insert(signingLinks)
      .values({ signerId: await signerIdOf(id, first.email), tokenHash: early.hash });
    const earlyBrowser = await openLink(ctx, early.token);
    expect(earlyBrowser.state).toBe('waiting');
    const outOfTurn = await signAs(ctx, earlyBrowser, { fullName: first.name });
    expect(outOfTurn.statusCode).toBe(409);
    expect(outOfTurn.json().error.code).toBe('SIGNING_CLOSED');

    // The approver approves: both group-2 signers are invited at once, the turn taken once.
    const approverBrowser = await openLink(ctx, latestTokenFor(peer, approver.email));
    // An approver is asked to consent to approving, not to signing.
    const approverView = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${approverBrowser.signerId}`,
      headers: { cookie: approverBrowser.cookie },
    });
    expect(approverView.json().consent).toEqual(approvalConsentDisclosure);
    const refusedOldWords = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${approverBrowser.signerId}/approve`,
      headers: { cookie: approverBrowser.cookie },
      json: { consentVersion: consentDisclosure.version, fields: { fullName: approver.name } },
    });
    expect(refusedOldWords.json().error.field).toBe('consent');
    const approved = await approve(approverBrowser, approver.name);
    expect(approved.statusCode, approved.body).toBe(204);
    await background.drain();
    expect(signingMails(first.email)).toHaveLength(1);
    expect(signingMails(second.email)).toHaveLength(1);
    expect(await turnsReached(id)).toEqual(['2']);
    expect(peer.to(deed.email)).toHaveLength(0);

    // Both sign: group 3 is invited, but the witness waits for their signer.
    for (const signer of [first, second]) {
      const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
      expect((await signAs(ctx, browser, { fullName: signer.name })).statusCode).toBe(204);
    }
    await background.drain();
    expect(signingMails(deed.email)).toHaveLength(1);
    expect(signingMails(viewer.email)).toHaveLength(1);
    expect(peer.to(witness.email)).toHaveLength(0);
    expect(await turnsReached(id)).toEqual(['2', '3']);

    // The viewer's opening is their part.
    const viewerBrowser = await openLink(ctx, latestTokenFor(peer, viewer.email));
    expect(viewerBrowser.state).toBe('viewed');
    const afterViewing = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
    expect(
      afterViewing.signers.find((signer: { email: string }) => signer.email === viewer.email)?.status,
    ).toBe('viewed');

    const deedBrowser = await openLink(ctx, latestTokenFor(peer, deed.email));
    expect((await signAs(ctx, deedBrowser, { fullName: deed.name })).statusCode).toBe(204);
    await background.drain();
    expect(signingMails(witness.email)).toHaveLength(1);
    const witnessBrowser = await openLink(ctx, latestTokenFor(peer, witness.email));
    expect((await signAs(ctx, witnessBrowser, { fullName: witness.name })).statusCode).toBe(204);
    await background.drain();

    const [row] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row?.status).toBe('signed');
    expect(row?.sealedAt).toBeTruthy();
    const actions = (await historyOf(id)).map((entry) => entry.action);
    expect(actions).toContain('approved');
    expect(actions).toContain('witnessed');
    expect(actions.filter((action) => action === 'turn_reached')).toHaveLength(2);
    // The CC receives the sealed PDF, still with no link that acts.
    const toCc = await ctx.database.db
      .select({ kind: mailMessages.kind })
      .from(mailMessages)
      .where(and(eq(mailMessages.contractId, id), eq(mailMessages.toEmail, cc.email)));
    expect(toCc.map((mail) => mail.kind).sort()).toEqual(['cc_notice', 'completed']);
    expect(peer.to(cc.email).every((mail) => !/\/sign\//.test(mail.text ?? ''))).toBe(true);

    const download = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(download.statusCode).toBe(200);
    const text = (await pdfText(download.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Recipients');
    expect(text).toContain('Approver, group 1: approved');
    expect(text).toContain('Signer, group 2: signed');
    expect(text).toContain('Witness, group 3: witnessed Dan Deed');
    expect(text).toContain('Viewer, group 3: viewed');
    expect(text).toContain('CC, group 1: copied (CC)');
    // The witness's signature block says whose signature they witnessed.
    expect(text).toContain('Witness to Dan Deed');

    // The verify answer says the same of each party.
    const verified = await call(ctx, null, {
      method: 'POST',
      url: '/api/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: download.rawPayload,
    });
    expect(verified.statusCode).toBe(200);
    const parties = verified.json().contract.parties as Array<Record<string, unknown>>;
    expect(parties).toHaveLength(7);
    expect(parties.find((party) => party.email === approver.email)).toMatchObject({
      role: 'Approver',
      group: 1,
      outcome: 'approved',
      signedAt: null,
    });
    expect(parties.find((party) => party.email === witness.email)).toMatchObject({
      role: 'Witness',
      group: 3,
      outcome: 'witnessed',
      witnessOf: 'Dan Deed',
    });
    expect(parties.find((party) => party.email === cc.email)).toMatchObject({
      role: 'CC',
      outcome: 'copied',
    });
    expect(parties.find((party) => party.email === first.email)?.signedAt).toEqual(expect.any(String));
  });

  it('ends when the approver rejects, with the reason in the history, and the owner is told', async () => {
    const { approver, first, cc } = routed();
    const id = await createAndSend([approver, first, cc]);
    const browser = await openLink(ctx, latestTokenFor(peer, approver.email));
    const rejected = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${browser.signerId}/decline`,
      headers: { cookie: browser.cookie },
      json: { reason: 'The budget line is missing' },
    });
    expect(rejected.statusCode).toBe(204);
    const [row] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row?.status).toBe('canceled');
    const entry = (await historyOf(id)).find((item) => item.action === 'rejected');
    expect(entry?.details).toContain('The budget line is missing');
    await background.drain();
    const toOwner = await ctx.database.db
      .select({ kind: mailMessages.kind })
      .from(mailMessages)
      .where(and(eq(mailMessages.contractId, id), eq(mailMessages.toEmail, owner.email)));
    expect(toOwner.length).toBeGreaterThanOrEqual(1);
    expect(peer.to(owner.email).some((mail) => mail.text?.includes('The budget line is missing'))).toBe(true);
    expect(peer.to(first.email)).toHaveLength(0);
  });

  it('lets an earlier signer name a later one, refusing what cannot be, and invites them in their turn', async () => {
    counter += 1;
    const namer = { name: 'Nia Namer', email: `nia-${counter}@example.com`, signingOrder: 1 };
    const id = await createAndSend([namer, { name: 'Their signatory', signingOrder: 2, namedBy: 1 }]);
    const browser = await openLink(ctx, latestTokenFor(peer, namer.email));
    const view = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${browser.signerId}`,
      headers: { cookie: browser.cookie },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().toName).toEqual([expect.objectContaining({ number: 2 })]);

    const sign = (named: unknown[]) =>
      call(ctx, null, {
        method: 'POST',
        url: `/api/signing/${browser.signerId}/sign`,
        headers: { cookie: browser.cookie },
        json: {
          consentVersion: consentDisclosure.version,
          fields: { fullName: namer.name },
          signature: { kind: 'drawn', image: signatureDataUrl() },
          named,
        },
      });
    const unnamed = await sign([]);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.message).toBe('Name the signer "Their signatory" before you finish');
    const taken = await sign([{ number: 2, name: 'Nia Again', email: namer.email }]);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).toBe(`${namer.email} is already on this contract: name someone else`);
    // A copy made before the naming keeps the sender's label for the one still to be named.
    const before = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/duplicate`,
      json: {},
    });
    expect(before.json().signers[1]).toMatchObject({ name: 'Their signatory', email: null, namedBy: 1 });
    const named = { number: 2, name: 'Omar Named', email: `omar-${counter}@example.com` };
    expect((await sign([named])).statusCode).toBe(204);
    await background.drain();
    expect(signingMails(named.email)).toHaveLength(1);
    const actions = (await historyOf(id)).map((entry) => entry.action);
    expect(actions).toContain('recipient_named');
    // One made after it leaves them to be named again, without the named person's name.
    const after = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/duplicate`, json: {} });
    expect(after.json().signers[1]).toMatchObject({ name: '', email: null, namedBy: 1 });
  });
});

describe('hostile routes', () => {
  it.each([0, 101, 1.5])('refuses the order number %s at save, with the reason', async (order) => {
    const response = await save([{ name: 'Oda Order', email: 'oda@example.com', signingOrder: order }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'The order must be a whole number from 1 to 100',
    });
  });

  it('refuses a witness of a CC', async () => {
    const response = await save([
      { name: 'Sia Signer', email: 'sia@example.com' },
      { name: 'Cal Copy', email: 'cal@example.com', role: 'cc' },
      { name: 'Wyn Witness', email: 'wyn@example.com', role: 'witness', witnessOf: 2 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Choose the signer this witness witnesses');
  });

  it('stores markup in names as it was typed, and escapes it in the mail', async () => {
    counter += 1;
    const markup = '<img src=x onerror=alert(1)>';
    const email = `markup-${counter}@example.com`;
    const id = await createAndSend([{ name: markup, email }]);
    const contract = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
    expect(contract.signers[0].name).toBe(markup);
    const [mail] = peer.to(email);
    const html = typeof mail?.html === 'string' ? mail.html : '';
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain(markup);
  });
});
