import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractHistory, signingLinks } from '../../src/server/db/schema';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { consentDisclosure } from '../../src/shared/consent';
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
const { peer, background } = await withMail(ctx);

let counter = 0;
function person(name: string): PersonInput {
  counter += 1;
  return { name, email: `${name.toLowerCase().replace(/[^a-z]/g, '')}-${counter}@example.com` };
}

async function setDelegation(account: TestAccount, delegation: 'off' | 'once' | 'repeated') {
  const response = await call(ctx, account, {
    method: 'PATCH',
    url: '/api/settings/organization',
    json: { delegation },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function historyOf(id: string) {
  const rows = await ctx.database.db.select().from(contractHistory).where(eq(contractHistory.contractId, id));
  return rows.sort((a, b) => a.seq - b.seq);
}

async function contractOf(id: string) {
  const response = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function browserFor(email: string): Promise<SigningBrowser> {
  await background.drain();
  return openLink(ctx, latestTokenFor(peer, email));
}

function delegate(browser: SigningBrowser, json: { name: string; email: string; reason: string }) {
  return call(ctx, null, {
    method: 'POST',
    url: `/api/signing/${browser.signerId}/delegate`,
    headers: { cookie: browser.cookie },
    json,
  });
}

function view(browser: SigningBrowser) {
  return call(ctx, null, {
    method: 'GET',
    url: `/api/signing/${browser.signerId}`,
    headers: { cookie: browser.cookie },
  });
}

/** A contract sent in order with its recipients in the given groups. */
const sendRouted = (people: RecipientInput[]) =>
  createAndSend(ctx, owner, people, { sequential: true, title: 'Routed agreement' });

describe('delegation', () => {
  it('hands a turn to someone else: the delegate is invited, signs and completes; the old link says delegated', async () => {
    await setDelegation(owner, 'repeated');
    const ann = person('Ann');
    const id = await createAndSend(ctx, owner, [ann]);
    const annBrowser = await browserFor(ann.email);
    expect((await view(annBrowser)).json().mayDelegate).toBe(true);
    const deputy = {
      name: '<b>Dee</b> Deputy',
      email: person('Dee').email,
      reason: 'On leave <script>x</script>',
    };
    const handed = await delegate(annBrowser, deputy);
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({ name: deputy.name, email: deputy.email, emailCodeRequired: false });

    const closed = await view(annBrowser);
    expect(closed.json().state).toBe('delegated');
    expect(closed.body).not.toContain(deputy.email);
    const refused = await signAs(ctx, annBrowser, { fullName: ann.name });
    expect(refused.statusCode).toBe(409);

    const entry = (await historyOf(id)).find((row) => row.action === 'delegated');
    expect(entry?.details).toContain(ann.email);
    expect(entry?.details).toContain(`${deputy.name} (${deputy.email})`);
    expect(entry?.details).toContain('On leave <script>x</script>');
    expect(entry?.timestamp).toBeInstanceOf(Date);

    await background.drain();
    const [invite] = peer.to(deputy.email);
    expect(invite?.text).toContain('<b>Dee</b> Deputy');
    expect(invite?.text).toContain(`${ann.name} handed it to you`);
    expect(invite?.text).toContain('On leave <script>x</script>');
    expect(String(invite?.html)).toContain('On leave &lt;script&gt;x&lt;/script&gt;');
    expect(String(invite?.html)).not.toContain('<script>');

    const deeBrowser = await browserFor(deputy.email);
    expect(deeBrowser.state).toBe('ready');
    expect((await signAs(ctx, deeBrowser, { fullName: 'Dee Deputy' })).statusCode).toBe(204);
    const contract = await contractOf(id);
    expect(contract.status).toBe('signed');
    const rows = contract.signers as { status: string; delegatedFrom: string | null; number: number }[];
    expect(rows.map((row) => row.status).sort()).toEqual(['delegated', 'signed']);
    expect(rows.every((row) => row.number === 1)).toBe(true);
  });

  it("under 'once' a delegate may not hand it on; an access code becomes an e-mailed code", async () => {
    await setDelegation(owner, 'once');
    const bob = person('Bob');
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Coded', content: sampleDocument(), signers: [{ ...bob, accessCode: 'secret-1' }] },
    });
    const id = created.json().id as string;
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} })).statusCode,
    ).toBe(200);
    await background.drain();
    const opened = await openLink(ctx, latestTokenFor(peer, bob.email));
    const coded = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${opened.signerId}/access-code`,
      headers: { cookie: opened.cookie },
      json: { code: 'secret-1' },
    });
    expect(coded.statusCode, coded.body).toBe(200);
    const cookie = coded.cookies.find((c) => c.name.startsWith('pactum_sign_'));
    const bobBrowser = { ...opened, cookie: `${cookie?.name}=${cookie?.value}` };
    const cy = person('Cy');
    const handed = await delegate(bobBrowser, { ...cy, reason: 'Cy signs for the firm' });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().emailCodeRequired).toBe(true);
    const cyBrowser = await browserFor(cy.email);
    // Cy must pass an e-mailed code before anything: the view is refused until then.
    expect((await view(cyBrowser)).statusCode).toBeGreaterThanOrEqual(400);
    const again = await delegate(cyBrowser, { ...person('Dan'), reason: 'again' });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      await ctx.database.db.select().from(contractHistory).where(eq(contractHistory.contractId, id)),
    ).toSatisfy(
      (rows: { action: string }[]) => rows.filter((row) => row.action === 'delegated').length === 1,
    );
  });

  it('refuses when off, for a CC or viewer, to oneself, the sender or someone on the contract, and after signing', async () => {
    const eva = person('Eva');
    const fay = person('Fay');
    const viewer = person('Vic');
    await setDelegation(owner, 'off');
    const id = await sendRouted([
      { ...eva, signingOrder: 1 },
      { ...fay, signingOrder: 1 },
      { ...viewer, signingOrder: 1, role: 'viewer' },
    ]);
    const evaBrowser = await browserFor(eva.email);
    expect((await view(evaBrowser)).json().mayDelegate).toBe(false);
    const off = await delegate(evaBrowser, { ...person('Gus'), reason: 'x' });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toContain('does not allow');

    await setDelegation(owner, 'repeated');
    const viewerBrowser = await browserFor(viewer.email);
    const asViewer = await delegate(viewerBrowser, { ...person('Hal'), reason: 'x' });
    expect(asViewer.statusCode).toBeGreaterThanOrEqual(400);

    const self = await delegate(evaBrowser, { name: 'Me', email: eva.email, reason: 'x' });
    expect(self.statusCode).toBe(400);
    const sender = await delegate(evaBrowser, { name: 'Sam', email: owner.email, reason: 'x' });
    expect(sender.statusCode).toBe(400);
    expect(sender.json().error.message).toContain("sender's address");
    const taken = await delegate(evaBrowser, { name: 'Fay', email: fay.email, reason: 'x' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).toContain('already on this contract');

    const fayBrowser = await browserFor(fay.email);
    expect((await signAs(ctx, fayBrowser, { fullName: fay.name })).statusCode).toBe(204);
    const after = await delegate(fayBrowser, { ...person('Ivy'), reason: 'x' });
    expect(after.statusCode).toBe(409);
    expect((await historyOf(id)).some((row) => row.action === 'delegated')).toBe(false);
  });

  it("follows the contract's own rule over the organization's, set on the draft", async () => {
    await setDelegation(owner, 'off');
    const zoe = person('Zoe');
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Own rule', content: sampleDocument(), signers: [zoe] },
    });
    const id = created.json().id as string;
    const patched = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { delegation: 'once' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().delegation).toBe('once');
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} })).statusCode,
    ).toBe(200);
    const handed = await delegate(await browserFor(zoe.email), { ...person('Zed'), reason: 'Away' });
    expect(handed.statusCode, handed.body).toBe(200);
  });

  it('stops a loop of hand-overs at the limit, changing nothing past it', async () => {
    await setDelegation(owner, 'repeated');
    const start = person('Loop');
    const id = await createAndSend(ctx, owner, [start]);
    let browser = await browserFor(start.email);
    let refusal: { statusCode: number; json(): { error: { message: string } } } | undefined;
    for (let i = 0; i < 1000; i += 1) {
      const next = person(`Loop${i}`);
      const handed = await delegate(browser, { ...next, reason: `hop ${i}` });
      if (handed.statusCode !== 200) {
        refusal = handed;
        break;
      }
      browser = await browserFor(next.email);
    }
    expect(refusal?.statusCode).toBe(429);
    expect(refusal?.json().error.message).toContain('handed on 5 times');
    const contract = await contractOf(id);
    expect(contract.signers).toHaveLength(6);
    expect((await historyOf(id)).filter((row) => row.action === 'delegated')).toHaveLength(5);
    expect((await view(browser)).json().state).toBe('ready');
  });
});

describe('corrections', () => {
  it('corrects a mistyped address: the old link dies at once, the new address is invited, history says so', async () => {
    const wrong = person('Jo');
    const id = await createAndSend(ctx, owner, [wrong]);
    const oldBrowser = await browserFor(wrong.email);
    const oldToken = latestTokenFor(peer, wrong.email);
    const signerId = oldBrowser.signerId;
    const right = person('Joanna');
    const corrected = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}/signers/${signerId}`,
      json: { name: right.name, email: right.email },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().signers[0]).toMatchObject({ name: right.name, email: right.email });
    expect(
      await ctx.database.db.select().from(signingLinks).where(eq(signingLinks.signerId, signerId)),
    ).toHaveLength(0);
    expect((await view(oldBrowser)).statusCode).toBe(404);
    expect((await signAs(ctx, oldBrowser, { fullName: wrong.name })).statusCode).toBe(404);
    const reopened = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: oldToken },
    });
    expect(reopened.statusCode).toBe(404);

    const entry = (await historyOf(id)).find((row) => row.action === 'recipient_corrected');
    expect(entry?.details).toContain(wrong.email);
    expect(entry?.details).toContain(right.email);
    const newBrowser = await browserFor(right.email);
    expect(newBrowser.state).toBe('ready');
    expect((await signAs(ctx, newBrowser, { fullName: right.name })).statusCode).toBe(204);
    expect((await contractOf(id)).status).toBe('signed');
  });

  it('refuses a correction once the recipient acted, or the contract is not out', async () => {
    const kim = person('Kim');
    const lee = person('Lee');
    const id = await createAndSend(ctx, owner, [kim, lee]);
    const kimBrowser = await browserFor(kim.email);
    expect((await signAs(ctx, kimBrowser, { fullName: kim.name })).statusCode).toBe(204);
    const refused = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}/signers/${kimBrowser.signerId}`,
      json: { email: person('Other').email },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('signed already');
    const leeId = (await contractOf(id)).signers.find((s: { email: string }) => s.email === lee.email).id;
    const taken = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}/signers/${leeId}`,
      json: { email: kim.email },
    });
    expect(taken.statusCode).toBe(400);
    await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/cancel`, json: { reason: 'over' } });
    const closed = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}/signers/${leeId}`,
      json: { name: 'Lee Two' },
    });
    expect(closed.statusCode).toBe(409);
  });
});

describe('adding and removing while out', () => {
  it('adds a recipient to a later group, refuses the current one, and invites them when their group comes', async () => {
    const first = person('Mia');
    const id = await sendRouted([
      { ...first, signingOrder: 1 },
      { ...person('Ned'), signingOrder: 2 },
    ]);
    const early = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers`,
      json: { ...person('Oli'), signingOrder: 1 },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toContain('later group');
    const later = person('Pat');
    const added = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers`,
      json: { ...later, signingOrder: 2 },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().signers.find((s: { email: string }) => s.email === later.email).number).toBe(3);
    await background.drain();
    expect(peer.to(later.email)).toHaveLength(0);
    expect((await historyOf(id)).some((row) => row.action === 'recipient_added')).toBe(true);
    expect((await signAs(ctx, await browserFor(first.email), { fullName: first.name })).statusCode).toBe(204);
    await background.drain();
    expect(peer.to(later.email)).toHaveLength(1);
  });

  it('removes a pending recipient; removing the last blocker of the group moves the route on', async () => {
    const quinn = person('Quinn');
    const rae = person('Rae');
    const sol = person('Sol');
    const id = await sendRouted([
      { ...quinn, signingOrder: 1 },
      { ...rae, signingOrder: 1 },
      { ...sol, signingOrder: 2 },
    ]);
    expect((await signAs(ctx, await browserFor(quinn.email), { fullName: quinn.name })).statusCode).toBe(204);
    const raeBrowser = await browserFor(rae.email);
    const removed = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${id}/signers/${raeBrowser.signerId}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await view(raeBrowser)).statusCode).toBe(404);
    await background.drain();
    expect(peer.to(sol.email)).toHaveLength(1);
    expect((await historyOf(id)).some((row) => row.action === 'recipient_removed')).toBe(true);
    // Rae had been invited: she hears that there is nothing for her to do any more, with no link.
    const told = peer.to(rae.email).at(-1);
    expect(told?.subject).toBe('You were removed from "Routed agreement"');
    expect(told?.text).toContain('There is nothing for you to do any more');
    expect(told?.text ?? '').not.toMatch(/\/sign\//);
    // A later addition does not take the removed number.
    const added = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers`,
      json: { ...person('Tia'), signingOrder: 3 },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(Math.max(...added.json().signers.map((s: { number: number }) => s.number))).toBe(4);
  });

  it('refuses to remove the last signer', async () => {
    const only = person('Only');
    const id = await createAndSend(ctx, owner, [only]);
    const signerId = (await contractOf(id)).signers[0].id;
    const last = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${id}/signers/${signerId}`,
    });
    expect(last.statusCode).toBe(400);
    expect(last.json().error.message).toContain('last signer');
  });

  it('refuses to remove a recipient with fields unless they are reassigned, then moves them', async () => {
    const uma = person('Uma');
    const vera = person('Vera');
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'With fields',
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Start date: ' },
                {
                  type: 'signingField',
                  attrs: { type: 'text', signer: 2, label: 'Start date', required: true },
                },
              ],
            },
          ],
        },
        signers: [uma, vera],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const veraId = sent.json().signers.find((s: { email: string }) => s.email === vera.email).id;
    const refused = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${id}/signers/${veraId}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('1 field');
    const moved = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${id}/signers/${veraId}`,
      json: { reassignFieldsTo: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const umaBrowser = await browserFor(uma.email);
    const page = (await view(umaBrowser)).json();
    expect(page.placed.filter((field: { mine: boolean }) => field.mine)).toHaveLength(1);
  });
});

describe('recipients named later, while out', () => {
  const signerIdOf = async (id: string, name: string): Promise<string> =>
    (await contractOf(id)).signers.find((row: { name: string }) => row.name === name).id;

  it('adds one to be named by an earlier recipient who has not acted, who must then name them', async () => {
    const ula = person('Ula');
    const vin = person('Vin');
    const id = await sendRouted([
      { ...ula, signingOrder: 1 },
      { ...vin, signingOrder: 2 },
    ]);
    const add = (json: unknown) =>
      call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/signers`, json });
    const sameGroup = await add({ name: 'Their signatory', namedBy: 2, signingOrder: 2 });
    expect(sameGroup.statusCode).toBe(400);
    expect(sameGroup.json().error.message).toContain('later group');
    const withAddress = await add({ ...person('Wil'), namedBy: 1, signingOrder: 3 });
    expect(withAddress.statusCode).toBe(400);
    expect(withAddress.json().error.message).toBe(
      'A recipient left to be named has no address yet: leave it out',
    );
    const added = await add({ name: 'Their signatory', namedBy: 1, signingOrder: 3 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().signers.at(-1)).toMatchObject({
      number: 3,
      email: null,
      namedBy: 1,
      signingOrder: 3,
    });

    const ulaBrowser = await browserFor(ula.email);
    expect((await view(ulaBrowser)).json().toName).toEqual([expect.objectContaining({ number: 3 })]);
    const unnamed = await signAs(ctx, ulaBrowser, { fullName: ula.name });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.message).toBe('Name the signer "Their signatory" before you finish');

    // Once the namer has acted, no one more may be left to them.
    const named = person('Xia');
    const signed = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${ulaBrowser.signerId}/sign`,
      headers: { cookie: ulaBrowser.cookie, 'user-agent': 'signing-test' },
      json: {
        consentVersion: consentDisclosure.version,
        fields: { fullName: ula.name },
        signature: { kind: 'drawn', image: signatureDataUrl() },
        named: [{ number: 3, name: named.name, email: named.email }],
      },
    });
    expect(signed.statusCode, signed.body).toBe(204);
    const late = await add({ name: 'Another', namedBy: 1, signingOrder: 4 });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(
      `${ula.name} has acted already, so they can no longer name anyone: choose a recipient who has not, or give the person's name and address yourself`,
    );
    expect((await signAs(ctx, await browserFor(vin.email), { fullName: vin.name })).statusCode).toBe(204);
    await background.drain();
    expect(peer.to(named.email).filter((mail) => /\/sign\//.test(mail.text ?? ''))).toHaveLength(1);
  });

  it('lets the sender name one not named yet, which their namer then no longer does', async () => {
    const yan = person('Yan');
    const id = await sendRouted([
      { ...yan, signingOrder: 1 },
      { name: 'Their signatory', signingOrder: 2, namedBy: 1 },
    ]);
    const unnamedId = await signerIdOf(id, 'Their signatory');
    const correct = (json: unknown) =>
      call(ctx, owner, { method: 'PATCH', url: `/api/contracts/${id}/signers/${unnamedId}`, json });
    const halfway = await correct({ email: person('Zed').email });
    expect(halfway.statusCode).toBe(400);
    expect(halfway.json().error.message).toBe(
      'Their signatory is still to be named by an earlier recipient: to name them yourself, give both their name and e-mail address',
    );
    const zed = person('Zed');
    const named = await correct({ name: zed.name, email: zed.email });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().signers.find((row: { id: string }) => row.id === unnamedId)).toMatchObject({
      name: zed.name,
      email: zed.email,
      namedBy: null,
    });
    const entry = (await historyOf(id)).find((row) => row.action === 'recipient_corrected');
    expect(entry?.details).toBe(
      `Sam Sender named ${zed.name} (${zed.email}) for Their signatory, left to be named by an earlier recipient, who no longer names them`,
    );

    // Yan is no longer asked to name anyone, and Zed is invited when Yan has signed.
    const yanBrowser = await browserFor(yan.email);
    expect((await view(yanBrowser)).json().toName).toEqual([]);
    await background.drain();
    expect(peer.to(zed.email)).toHaveLength(0);
    expect((await signAs(ctx, yanBrowser, { fullName: yan.name })).statusCode).toBe(204);
    await background.drain();
    expect(peer.to(zed.email).filter((mail) => /\/sign\//.test(mail.text ?? ''))).toHaveLength(1);
  });
});

describe('with an API token', () => {
  it('corrects, adds and removes recipients, and the OpenAPI document describes the routes', async () => {
    const made = await call(ctx, owner, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Routing client', scope: 'read-write' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json().token as string;
    const asToken = (method: 'PATCH' | 'POST' | 'DELETE', url: string, json?: unknown) =>
      ctx.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${token}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
      });
    const first = person('Wes');
    const second = person('Xan');
    const id = await sendRouted([
      { ...first, signingOrder: 1 },
      { ...second, signingOrder: 2 },
    ]);
    const secondId = (await contractOf(id)).signers[1].id;
    const corrected = await asToken('PATCH', `/api/contracts/${id}/signers/${secondId}`, { name: 'Xander' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const added = await asToken('POST', `/api/contracts/${id}/signers`, {
      ...person('Yul'),
      signingOrder: 3,
    });
    expect(added.statusCode, added.body).toBe(200);
    const yulId = added.json().signers[2].id;
    const removed = await asToken('DELETE', `/api/contracts/${id}/signers/${yulId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await historyOf(id)).map((row) => row.details).join('\n')).toContain('API token Routing client');

    const openapi = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = openapi.paths as Record<string, Record<string, { description?: string }>>;
    expect(paths['/api/contracts/{id}/signers/{signerId}']?.patch?.description).toContain('stops working');
    expect(paths['/api/contracts/{id}/signers/{signerId}']?.delete?.description).toContain(
      'reassignFieldsTo',
    );
    expect(paths['/api/contracts/{id}/signers']?.post?.description).toContain('come after the group');
    expect(paths['/api/signing/{signerId}/delegate']?.post?.description).toContain('once');
  });
});
