import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { resetClock } from '../../src/server/clock';
import {
  contractHistory,
  contracts,
  events,
  mailMessages,
  rateLimits,
  signers,
  signingLinks,
} from '../../src/server/db/schema';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { delegationLimits } from '../../src/server/services/rate-limits/delegation-limits';
import { newLinkToken } from '../../src/server/services/signing/link-token';
import { approvalConsentDisclosure, consentDisclosure } from '../../src/shared/consent';
import { withMail } from '../support/background';
import { pdfText } from '../support/pdf-text';
import {
  createAndSend,
  latestTokenFor,
  openLink,
  type RecipientInput,
  type SigningBrowser,
  signAs,
} from '../support/signing';
import { buildAccount, buildMember, call, type TestAccount, testApp } from '../support/test-app';
import { holdClockInWindow } from '../support/test-clock';

// Every new routing route and link, tried by someone who should not reach it: another
// organization, a read-only token, a member, each role's link out of its part, hostile names,
// reasons and numbers, and races. Each must be refused clearly with nothing changed: the
// recipients, the history, the events and the mail.

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Sam Sender' });
const outsider = await buildAccount(ctx, { name: 'Olga Outsider' });
const { peer, background } = await withMail(ctx);
const db = ctx.database.db;

let counter = 0;
function person(name: string) {
  counter += 1;
  return { name, email: `${name.toLowerCase().replace(/[^a-z]/g, '')}-${counter}@example.com` };
}

async function setDelegation(account: TestAccount, delegation: 'off' | 'once' | 'repeated') {
  const response = await call(ctx, account, {
    method: 'PATCH',
    url: '/api/settings/organization',
    json: { delegation },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Everything an attack could change on a contract, after the queued work has run. */
async function stateOf(id: string) {
  await background.drain();
  const rows = await db.select().from(signers).where(eq(signers.contractId, id));
  const ids = rows.map((row) => row.id);
  const [contract] = await db
    .select({ status: contracts.status, sealedAt: contracts.sealedAt })
    .from(contracts)
    .where(eq(contracts.id, id));
  return {
    contract,
    signers: rows
      .map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        status: row.status,
        order: row.signingOrder,
        number: row.position,
        invitedAt: row.invitedAt?.getTime() ?? null,
        signedAt: row.signedAt?.getTime() ?? null,
      }))
      .sort((a, b) => a.id.localeCompare(b.id)),
    history: (await db.select().from(contractHistory).where(eq(contractHistory.contractId, id))).length,
    events: (await db.select().from(events).where(eq(events.contractId, id))).length,
    mail: (await db.select().from(mailMessages).where(eq(mailMessages.contractId, id))).length,
    links:
      ids.length === 0
        ? 0
        : (await db.select().from(signingLinks).where(inArray(signingLinks.signerId, ids))).length,
    // Mail that reached the contract's recipients (the outbox rows above are the rest).
    delivered: peer.received.filter((mail) => rows.some((row) => row.email !== null && mail.to === row.email))
      .length,
  };
}

async function contractOf(id: string) {
  const response = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    signers: { id: string; email: string | null; name: string; number: number; status: string }[];
  };
}

async function idOf(contractId: string, email: string): Promise<string> {
  const found = (await contractOf(contractId)).signers.find((signer) => signer.email === email);
  if (!found) throw new Error(`No recipient ${email}`);
  return found.id;
}

async function browserFor(email: string): Promise<SigningBrowser> {
  await background.drain();
  return openLink(ctx, latestTokenFor(peer, email));
}

/** A link made for a recipient the server never mails one (a CC, a later group), as if it leaked. */
async function forgedBrowser(signerId: string): Promise<SigningBrowser> {
  const forged = newLinkToken();
  await db.insert(signingLinks).values({ signerId, tokenHash: forged.hash });
  return openLink(ctx, forged.token);
}

const asSigner = (browser: SigningBrowser, method: 'GET' | 'POST', path: string, json?: unknown) =>
  call(ctx, null, {
    method,
    url: `/api/signing/${browser.signerId}${path}`,
    headers: { cookie: browser.cookie },
    ...(json === undefined ? {} : { json }),
  });
const view = (browser: SigningBrowser) => asSigner(browser, 'GET', '');
const approve = (browser: SigningBrowser, fullName: string, extra: Record<string, unknown> = {}) =>
  asSigner(browser, 'POST', '/approve', {
    consentVersion: approvalConsentDisclosure.version,
    fields: { fullName },
    ...extra,
  });
const decline = (browser: SigningBrowser, reason: string) =>
  asSigner(browser, 'POST', '/decline', { reason });
const delegate = (browser: SigningBrowser, json: { name: string; email: string; reason: string }) =>
  asSigner(browser, 'POST', '/delegate', json);

const sendRouted = (people: RecipientInput[]) =>
  createAndSend(ctx, owner, people, { sequential: true, title: 'Routed agreement' });

function errorOf(response: { statusCode: number; json(): unknown }) {
  return (response.json() as { error: { code: string; message: string } }).error;
}

describe('another organization', () => {
  it('finds no such contract or recipient: 404 exactly as for an id that does not exist', async () => {
    const ann = person('Ann');
    const id = await sendRouted([
      { ...ann, signingOrder: 1 },
      { ...person('Ben'), signingOrder: 2 },
    ]);
    const annId = await idOf(id, ann.email);
    const before = await stateOf(id);
    const missing = '00000000-0000-4000-8000-000000000000';
    const attempts = (contractId: string, signerId: string) =>
      [
        { method: 'GET', url: `/api/contracts/${contractId}` },
        { method: 'GET', url: `/api/contracts/${contractId}/history` },
        { method: 'GET', url: `/api/contracts/${contractId}/signing` },
        { method: 'GET', url: `/api/contracts/${contractId}/history/verification` },
        { method: 'PATCH', url: `/api/contracts/${contractId}/signers/${signerId}`, json: { name: 'Taken' } },
        {
          method: 'PATCH',
          url: `/api/contracts/${contractId}/signers/${signerId}`,
          json: { email: 'thief@example.com' },
        },
        {
          method: 'POST',
          url: `/api/contracts/${contractId}/signers`,
          json: { ...person('Eve'), signingOrder: 3 },
        },
        { method: 'DELETE', url: `/api/contracts/${contractId}/signers/${signerId}` },
        { method: 'POST', url: `/api/contracts/${contractId}/signers/${signerId}/remind`, json: {} },
      ] as const;
    const real = attempts(id, annId);
    const invented = attempts(missing, missing);
    // Their admin's session, and their read-write API token.
    const made = await call(ctx, outsider, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Their integration', scope: 'read-write' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const bearer = { authorization: `Bearer ${made.json().token as string}` };
    for (const [index, attempt] of real.entries()) {
      const guess = invented[index] as (typeof invented)[number];
      for (const as of ['session', 'token'] as const) {
        const send = (request: (typeof real)[number] | typeof guess) =>
          as === 'session' ? call(ctx, outsider, request) : call(ctx, null, { ...request, headers: bearer });
        const theirs = await send(attempt);
        const nobody = await send(guess);
        expect(theirs.statusCode, `${as}: ${attempt.method} ${attempt.url}`).toBe(404);
        expect(theirs.statusCode).toBe(nobody.statusCode);
        expect(errorOf(theirs)).toEqual(errorOf(nobody));
        expect(theirs.body).not.toContain(ann.email);
      }
    }
    // The owner's own contract, with another contract's recipient id: not found either.
    const other = await sendRouted([{ ...person('Cy'), signingOrder: 1 }]);
    const crossed = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${other}/signers/${annId}`,
      json: { name: 'Crossed' },
    });
    expect(crossed.statusCode).toBe(404);
    const crossedRemove = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${other}/signers/${annId}`,
    });
    expect(crossedRemove.statusCode).toBe(404);
    expect(await stateOf(id)).toEqual(before);
  });

  it("cannot turn the organization's delegation on, nor can a member of the organization", async () => {
    const member = await buildMember(ctx, owner);
    await setDelegation(owner, 'off');
    const asMember = await call(ctx, member, {
      method: 'PATCH',
      url: '/api/settings/organization',
      json: { delegation: 'repeated' },
    });
    expect(asMember.statusCode).toBe(403);
    const settings = await call(ctx, owner, { method: 'GET', url: '/api/settings/organization' });
    expect(settings.json().delegation).toBe('off');
  });
});

describe('tokens and people without the right', () => {
  it('refuses a read token every change of recipients, and anything without a session', async () => {
    const made = await call(ctx, owner, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Reporting', scope: 'read' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const token = made.json().token as string;
    const dee = person('Dee');
    const id = await sendRouted([
      { ...dee, signingOrder: 1 },
      { ...person('Eli'), signingOrder: 2 },
    ]);
    const deeId = await idOf(id, dee.email);
    const browser = await browserFor(dee.email);
    const before = await stateOf(id);
    const changes = [
      { method: 'PATCH', url: `/api/contracts/${id}/signers/${deeId}`, json: { name: 'Dee Changed' } },
      { method: 'POST', url: `/api/contracts/${id}/signers`, json: { ...person('Fin'), signingOrder: 3 } },
      { method: 'DELETE', url: `/api/contracts/${id}/signers/${deeId}` },
    ] as const;
    for (const change of changes) {
      const asToken = await call(ctx, null, { ...change, headers: { authorization: `Bearer ${token}` } });
      expect(asToken.statusCode, `${change.method} ${change.url}`).toBe(403);
      const anonymous = await call(ctx, null, change);
      expect(anonymous.statusCode).toBe(401);
    }
    // The same token still reads the contract, its route included.
    const read = await call(ctx, null, {
      method: 'GET',
      url: `/api/contracts/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.statusCode).toBe(200);
    // A recipient's signing cookie is not a session of the organization.
    const withSigningCookie = await call(ctx, null, { ...changes[0], headers: { cookie: browser.cookie } });
    expect(withSigningCookie.statusCode).toBe(401);
    expect(await stateOf(id)).toEqual(before);
  });
});

describe("each role's link, outside its part", () => {
  it("a signer's link cannot approve, an approver's cannot sign, and a cookie serves only its own recipient", async () => {
    const ada = { ...person('Ada'), role: 'approver', signingOrder: 1 };
    const ben = { ...person('Ben'), role: 'signer', signingOrder: 1 };
    const id = await sendRouted([ada, ben, { ...person('Cal'), signingOrder: 2 }]);
    const adaBrowser = await browserFor(ada.email);
    const benBrowser = await browserFor(ben.email);
    const before = await stateOf(id);

    const benApproves = await approve(benBrowser, ben.name);
    expect(benApproves.statusCode).toBe(400);
    expect(errorOf(benApproves).message).toBe('Only an approver approves: sign the document instead');
    const adaSigns = await signAs(ctx, adaBrowser, { fullName: ada.name });
    expect(adaSigns.statusCode).toBe(400);
    expect(errorOf(adaSigns).message).toContain('As approver you do not sign');

    // Ben's cookie, sent for Ada's id: no session for her.
    const borrowed = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${adaBrowser.signerId}/approve`,
      headers: { cookie: benBrowser.cookie },
      json: { consentVersion: approvalConsentDisclosure.version, fields: { fullName: ada.name } },
    });
    expect(borrowed.statusCode).toBe(401);
    expect(await stateOf(id)).toEqual(before);
  });

  it("a CC's link, were one to leak, does nothing: no view, sign, approve, decline or delegation", async () => {
    await setDelegation(owner, 'repeated');
    const cora = { ...person('Cora'), role: 'cc', signingOrder: 1 };
    const dan = { ...person('Dan'), signingOrder: 1 };
    const id = await sendRouted([dan, cora]);
    await background.drain();
    // The server never mails a CC a link.
    expect(peer.to(cora.email).every((mail) => !/\/sign\//.test(mail.text ?? ''))).toBe(true);
    const before = await stateOf(id);
    const ccBrowser = await forgedBrowser(await idOf(id, cora.email));
    expect(ccBrowser.state).toBe('waiting');
    const attempts = [
      await signAs(ctx, ccBrowser, { fullName: cora.name }),
      await approve(ccBrowser, cora.name),
      await decline(ccBrowser, 'I object'),
      await delegate(ccBrowser, { ...person('Cid'), reason: 'Mine now' }),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode, attempt.body).toBe(409);
      expect(errorOf(attempt).code).toBe('SIGNING_CLOSED');
    }
    expect(await stateOf(id)).toEqual({ ...before, links: before.links + 1 });
  });

  it('a witness waits for their signer: nothing they do counts before the signature', async () => {
    const deed = { ...person('Deed'), signingOrder: 1 };
    const wes = { ...person('Wes'), role: 'witness', signingOrder: 1, witnessOf: 1 };
    const id = await sendRouted([deed, wes]);
    await background.drain();
    expect(peer.to(wes.email)).toHaveLength(0);
    const before = await stateOf(id);
    const early = await forgedBrowser(await idOf(id, wes.email));
    expect(early.state).toBe('waiting');
    const signed = await signAs(ctx, early, { fullName: wes.name });
    expect(signed.statusCode).toBe(409);
    expect(errorOf(signed).message).toContain(`${deed.name} acts first`);
    expect((await decline(early, 'Too early')).statusCode).toBe(409);
    expect((await delegate(early, { ...person('Wil'), reason: 'x' })).statusCode).toBe(409);
    expect(await stateOf(id)).toEqual({ ...before, links: before.links + 1 });
  });

  it("a viewer's link fills no field, signs and approves nothing, and cannot decline", async () => {
    const vic = { ...person('Vic'), role: 'viewer', signingOrder: 1 };
    const sue = { ...person('Sue'), signingOrder: 1 };
    const id = await sendRouted([sue, vic]);
    const vicBrowser = await browserFor(vic.email);
    expect(vicBrowser.state).toBe('viewed');
    const before = await stateOf(id);
    const filled = await signAs(ctx, vicBrowser, { fullName: vic.name }, { values: { [randomUUID()]: 'x' } });
    expect(filled.statusCode).toBe(409);
    expect(errorOf(filled).message).toContain('viewed this document');
    expect((await approve(vicBrowser, vic.name)).statusCode).toBe(409);
    expect((await decline(vicBrowser, 'No')).statusCode).toBe(409);
    expect(await stateOf(id)).toEqual(before);
  });

  it('a later group may not decline or hand on out of turn either', async () => {
    await setDelegation(owner, 'repeated');
    const first = { ...person('Fay'), signingOrder: 1 };
    const later = { ...person('Lia'), signingOrder: 2 };
    const id = await sendRouted([first, later]);
    const before = await stateOf(id);
    const early = await forgedBrowser(await idOf(id, later.email));
    expect((await decline(early, 'Not yet mine')).statusCode).toBe(409);
    expect((await delegate(early, { ...person('Lou'), reason: 'x' })).statusCode).toBe(409);
    expect(await stateOf(id)).toEqual({ ...before, links: before.links + 1 });
  });
});

describe('naming a later recipient', () => {
  async function namingContract() {
    const namer = { ...person('Nia'), signingOrder: 1 };
    const bystander = { ...person('Bo'), signingOrder: 1 };
    const id = await sendRouted([namer, bystander, { name: 'Their signatory', signingOrder: 2, namedBy: 1 }]);
    return { id, namer, bystander };
  }
  const signNaming = (browser: SigningBrowser, fullName: string, named: unknown[]) =>
    call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${browser.signerId}/sign`,
      headers: { cookie: browser.cookie },
      json: {
        consentVersion: consentDisclosure.version,
        fields: { fullName },
        signature: { kind: 'drawn', image: signatureDataUrl() },
        named,
      },
    });

  it('refuses a name given by anyone but the chosen recipient, twice, or with an address already taken', async () => {
    const { id, namer, bystander } = await namingContract();
    const boBrowser = await browserFor(bystander.email);
    const before = await stateOf(id);
    const byOther = await signAs(ctx, boBrowser, { fullName: bystander.name }, {});
    // Bo signs without naming (not asked): fine; naming, though, is refused.
    expect(byOther.statusCode).toBe(204);
    const afterBo = await stateOf(id);
    expect(afterBo.history).toBeGreaterThan(before.history);

    const niaBrowser = await browserFor(namer.email);
    const beforeNaming = await stateOf(id);
    const refusals = [
      [{ number: 3, name: 'The sender', email: owner.email }, "sender's address"],
      [{ number: 3, name: 'Bo again', email: bystander.email }, 'already on this contract'],
      [{ number: 3, name: 'Nia herself', email: namer.email.toUpperCase() }, 'already on this contract'],
      [{ number: 2, name: 'Bo replaced', email: person('Rex').email }, 'not asked to name'],
      [{ number: 1, name: 'Myself', email: person('Me').email }, 'not asked to name'],
    ] as const;
    for (const [named, message] of refusals) {
      const refused = await signNaming(niaBrowser, namer.name, [named]);
      expect(refused.statusCode, named.email).toBe(400);
      expect(errorOf(refused).message).toContain(message);
    }
    const twice = await signNaming(niaBrowser, namer.name, [
      { number: 3, ...person('Two') },
      { number: 3, ...person('Three') },
    ]);
    expect(twice.statusCode).toBe(400);
    const niaState = await stateOf(id);
    // Only the refused tries' counter moved: no recipient, history, event or mail.
    expect(niaState).toEqual(beforeNaming);

    const named = person('Omar');
    const done = await signNaming(niaBrowser, namer.name, [{ number: 3, ...named }]);
    expect(done.statusCode, done.body).toBe(204);
    const settled = await stateOf(id);
    // Naming again, after acting: refused, the name given stays.
    const again = await signNaming(niaBrowser, namer.name, [{ number: 3, ...person('Later') }]);
    expect(again.statusCode).toBe(409);
    expect(await stateOf(id)).toEqual(settled);
    expect((await contractOf(id)).signers.find((s) => s.number === 3)?.email).toBe(named.email);
  });
});

describe('delegation', () => {
  it('refuses oneself in any spelling, the sender, anyone on the contract, and a loop back', async () => {
    await setDelegation(owner, 'repeated');
    const amy = person('Amy');
    const bea = person('Bea');
    const id = await sendRouted([
      { ...amy, signingOrder: 1 },
      { ...bea, signingOrder: 2 },
    ]);
    const amyBrowser = await browserFor(amy.email);
    const before = await stateOf(id);
    const [local, domain] = amy.email.split('@') as [string, string];
    const refusals = [
      [amy.email, 'your own address'],
      [amy.email.toUpperCase(), 'your own address'],
      [`  ${amy.email}\t`, 'your own address'],
      [owner.email.toUpperCase(), "sender's address"],
      [bea.email, 'already on this contract'],
      // Lookalikes: a Cyrillic "а", a zero-width space, a fullwidth "@", a right-to-left override.
      [`${local.replace('a', '\u0430')}@${domain}`, 'valid email'],
      [`${local}\u200b@${domain}`, 'valid email'],
      [`${local}\uff20${domain}`, 'valid email'],
      [`\u202e${amy.email}`, 'valid email'],
    ] as const;
    for (const [email, message] of refusals) {
      const refused = await delegate(amyBrowser, { name: 'Someone', email, reason: 'x' });
      expect(refused.statusCode, JSON.stringify(email)).toBe(400);
      expect(errorOf(refused).message, JSON.stringify(email)).toContain(message);
    }
    expect(await stateOf(id)).toEqual(before);

    // A hands to B; B may not hand it back to A, whose entry stays on the contract.
    const ben = person('Ben');
    expect((await delegate(amyBrowser, { ...ben, reason: 'Away' })).statusCode).toBe(200);
    const benBrowser = await browserFor(ben.email);
    const loop = await delegate(benBrowser, { name: 'Amy', email: amy.email, reason: 'Back to you' });
    expect(loop.statusCode).toBe(400);
    expect(errorOf(loop).message).toContain('already on this contract');
    // Nor may the old link hand on again, or act.
    const stale = await delegate(amyBrowser, { ...person('Cat'), reason: 'Again' });
    expect(stale.statusCode).toBe(409);
    expect((await signAs(ctx, amyBrowser, { fullName: amy.name })).statusCode).toBe(409);
  });

  it('refuses a CC, a viewer and a witness, a delegate under "once", and anyone after acting', async () => {
    await setDelegation(owner, 'once');
    const sig = person('Sig');
    const vee = person('Vee');
    const wit = person('Wit');
    const id = await sendRouted([
      { ...sig, signingOrder: 1 },
      { ...vee, role: 'viewer', signingOrder: 1 },
      { ...wit, role: 'witness', signingOrder: 1, witnessOf: 1 },
      { ...person('Cc'), role: 'cc', signingOrder: 1 },
      { ...person('Ola'), signingOrder: 1 },
    ]);
    const veeBrowser = await browserFor(vee.email);
    const before = await stateOf(id);
    const asViewer = await delegate(veeBrowser, { ...person('Hal'), reason: 'x' });
    expect(asViewer.statusCode).toBe(409);

    const sigBrowser = await browserFor(sig.email);
    const deputy = person('Deputy');
    expect((await delegate(sigBrowser, { ...deputy, reason: 'Leave' })).statusCode).toBe(200);
    const afterOne = await stateOf(id);
    const deputyBrowser = await browserFor(deputy.email);
    const onceMore = await delegate(deputyBrowser, { ...person('Third'), reason: 'Me too' });
    expect(onceMore.statusCode).toBe(403);
    expect(errorOf(onceMore).message).toContain('only once');
    expect((await signAs(ctx, deputyBrowser, { fullName: deputy.name })).statusCode).toBe(204);
    // The witness's turn came with the signature: a witness never hands it on.
    const witBrowser = await browserFor(wit.email);
    await setDelegation(owner, 'repeated');
    const afterSigning = await stateOf(id);
    const afterActing = await delegate(deputyBrowser, { ...person('Late'), reason: 'x' });
    expect(afterActing.statusCode).toBe(409);
    const asWitness = await delegate(witBrowser, { ...person('Wyn'), reason: 'x' });
    expect(asWitness.statusCode).toBe(403);
    expect(errorOf(asWitness).message).toContain('witness cannot hand');
    expect(await stateOf(id)).toEqual(afterSigning);
    expect(afterOne.history).toBeGreaterThan(before.history);
  });

  it('lets one of a thousand parallel hand-overs from one link through, and no other', {
    timeout: 120_000,
  }, async () => {
    await setDelegation(owner, 'repeated');
    // All thousand in one window of the tries' limit, however slow the machine (a window that
    // ended during the burst let ten more through).
    onTestFinished(resetClock);
    holdClockInWindow(delegationLimits.triesPerRecipient.windowMs);
    const pia = person('Pia');
    const id = await sendRouted([{ ...pia, signingOrder: 1 }]);
    const browser = await browserFor(pia.email);
    const tries = Array.from({ length: 1000 }, (_, index) => ({
      name: `Flood ${index}`,
      email: `flood-${counter}-${index}@example.com`,
      reason: 'flood',
    }));
    const answers = await Promise.all(tries.map((json) => delegate(browser, json)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The rest refused: at most nine by the state (409), the others by the tries per recipient.
    expect(statuses.filter((status) => status === 409).length).toBeLessThanOrEqual(9);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      1000 - 1 - statuses.filter((s) => s === 409).length,
    );
    const state = await stateOf(id);
    expect(state.signers).toHaveLength(2);
    const delegated = (
      await db.select().from(contractHistory).where(eq(contractHistory.contractId, id))
    ).filter((row) => row.action === 'delegated');
    expect(delegated).toHaveLength(1);
    const invited = (await db.select().from(mailMessages).where(eq(mailMessages.contractId, id))).filter(
      (row) => row.toEmail.startsWith('flood-'),
    );
    expect(invited).toHaveLength(1);
  });

  it('stops at 30 hand-overs an hour per organization, and at the signing mail cap', {
    timeout: 180_000,
  }, async () => {
    const org = await buildAccount(ctx, { name: 'Busy Org' });
    await setDelegation(org, 'repeated');
    let handed = 0;
    let contractsUsed = 0;
    let refusal: { statusCode: number; body: string } | undefined;
    while (!refusal && contractsUsed < 8) {
      contractsUsed += 1;
      const start = person('Chain');
      await createAndSend(ctx, org, [start], { title: `Chain ${contractsUsed}` });
      let browser = await browserFor(start.email);
      for (let hop = 0; hop < 5 && !refusal; hop += 1) {
        const next = person('Hop');
        const answer = await delegate(browser, { ...next, reason: `hop ${hop}` });
        if (answer.statusCode !== 200) {
          refusal = answer;
          break;
        }
        handed += 1;
        browser = await browserFor(next.email);
      }
    }
    expect(handed).toBe(30);
    expect(refusal?.statusCode).toBe(429);
    expect(refusal?.body).toContain('handed on 30 times in the last hour');

    // A second organization with its signing mail spent: a hand-over is one more mail, refused.
    const spent = await buildAccount(ctx, { name: 'Spent Org' });
    await setDelegation(spent, 'repeated');
    const start = person('Spent');
    const id = await createAndSend(ctx, spent, [start]);
    const browser = await browserFor(start.email);
    const [window] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `outgoing-mail:signingRecipients:${spent.organizationId}`));
    expect(window).toBeDefined();
    await db
      .update(rateLimits)
      .set({ count: 1000 })
      .where(
        and(
          eq(rateLimits.key, `outgoing-mail:signingRecipients:${spent.organizationId}`),
          eq(rateLimits.windowStart, window?.windowStart ?? new Date()),
        ),
      );
    const before = await stateOf(id);
    const capped = await delegate(browser, { ...person('Over'), reason: 'cap' });
    expect(capped.statusCode).toBe(429);
    expect(errorOf(capped).message).toContain('signing invitations and reminders');
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses names and reasons too long, and keeps markup, #read and a right-to-left override as text everywhere', {
    timeout: 120_000,
  }, async () => {
    await setDelegation(owner, 'repeated');
    const kit = person('Kit');
    const id = await sendRouted([{ ...kit, signingOrder: 1 }]);
    const kitBrowser = await browserFor(kit.email);
    const before = await stateOf(id);
    const long = 'x'.repeat(10_000);
    for (const json of [
      { name: long, email: person('Long').email, reason: 'x' },
      { name: 'Fine', email: person('Long').email, reason: long },
      { name: '   ', email: person('Blank').email, reason: 'x' },
      { name: 'Fine', email: person('Blank').email, reason: '  ' },
    ]) {
      expect((await delegate(kitBrowser, json)).statusCode).toBe(400);
    }
    expect(await stateOf(id)).toEqual(before);

    const name = '<script>alert(1)</script> #read("/etc/passwd") \u202eEvil';
    const reason = 'Away <img src=x onerror=alert(1)> #read("/etc/passwd") \u202eoverride';
    const deputy = { name, email: person('Mark').email, reason };
    const handed = await delegate(kitBrowser, deputy);
    expect(handed.statusCode, handed.body).toBe(200);
    await background.drain();
    const [invite] = peer.to(deputy.email);
    expect(invite?.text).toContain(name);
    expect(invite?.text).toContain(reason);
    expect(String(invite?.html)).not.toContain('<script>');
    expect(String(invite?.html)).not.toContain('<img src=x');
    expect(String(invite?.html)).toContain('&lt;script&gt;');
    const deputyBrowser = await browserFor(deputy.email);
    expect((await signAs(ctx, deputyBrowser, { fullName: name })).statusCode).toBe(204);
    await background.drain();
    const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
    expect(row?.sealError ?? null).toBeNull();
    expect(row?.sealedAt).toBeTruthy();
    const download = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(download.statusCode).toBe(200);
    const text = await pdfText(download.rawPayload);
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('#read("/etc/passwd")');
    expect(text).not.toContain('root:x:0:0');
    expect(text).toContain('Away <img src=x onerror=alert(1)>');
  });

  it("the old link after a hand-over says only 'delegated': no new name or address in any answer", async () => {
    await setDelegation(owner, 'repeated');
    const old = person('Olive');
    const id = await sendRouted([{ ...old, signingOrder: 1 }]);
    const oldBrowser = await browserFor(old.email);
    const token = latestTokenFor(peer, old.email);
    const deputy = { name: 'Secret Deputy', email: person('Hidden').email, reason: 'Confidential reason' };
    expect((await delegate(oldBrowser, deputy)).statusCode).toBe(200);
    const answers = [
      await view(oldBrowser),
      await call(ctx, null, { method: 'POST', url: '/api/signing/sessions', json: { token } }),
      await call(ctx, null, {
        method: 'POST',
        url: '/api/signing/sessions',
        json: { token },
        headers: { cookie: oldBrowser.cookie },
      }),
      await asSigner(oldBrowser, 'GET', '/documents/frozen'),
      await signAs(ctx, oldBrowser, { fullName: old.name }),
      await approve(oldBrowser, old.name),
      await decline(oldBrowser, 'x'),
      await delegate(oldBrowser, { ...person('Again'), reason: 'x' }),
    ];
    expect(answers[0]?.json().state).toBe('delegated');
    for (const answer of answers) {
      expect(answer.body).not.toContain(deputy.email);
      expect(answer.body).not.toContain('Secret Deputy');
      expect(answer.body).not.toContain('Confidential reason');
      expect(answer.body.toLowerCase()).not.toContain('hidden-');
    }
    expect(await stateOf(id)).toMatchObject({ contract: { status: 'sent' } });
  });
});

describe('corrections and removals while out', () => {
  it('refuses names too long, blank, and order numbers out of range, non-integers and huge', async () => {
    const gil = person('Gil');
    const id = await sendRouted([
      { ...gil, signingOrder: 1 },
      { ...person('Hux'), signingOrder: 2 },
    ]);
    const gilId = await idOf(id, gil.email);
    const before = await stateOf(id);
    const corrections = [
      { name: 'x'.repeat(10_000) },
      { name: '   ' },
      {},
      { email: 'not an address' },
      { email: `${gil.email}\u202e` },
    ];
    for (const json of corrections) {
      const refused = await call(ctx, owner, {
        method: 'PATCH',
        url: `/api/contracts/${id}/signers/${gilId}`,
        json,
      });
      expect(refused.statusCode, JSON.stringify(json)).toBe(400);
    }
    for (const signingOrder of [0, -1, 101, 2.5, 1e308, '3', null, Number.MAX_SAFE_INTEGER + 2]) {
      const refused = await call(ctx, owner, {
        method: 'POST',
        url: `/api/contracts/${id}/signers`,
        json: { ...person('Ivo'), signingOrder },
      });
      expect(refused.statusCode, String(signingOrder)).toBe(400);
    }
    for (const reassignFieldsTo of [0, 51, 1.5, 'one', 1e21]) {
      const refused = await call(ctx, owner, {
        method: 'DELETE',
        url: `/api/contracts/${id}/signers/${gilId}`,
        json: { reassignFieldsTo },
      });
      expect(refused.statusCode, String(reassignFieldsTo)).toBe(400);
    }
    const notUuid = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}/signers/not-a-uuid`,
      json: { name: 'X' },
    });
    expect(notUuid.statusCode).toBe(400);
    // A witness added for a number that does not exist. (A recipient to be named may be added
    // while out: route-changes.test.ts.)
    const badWitness = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers`,
      json: { ...person('Wes'), role: 'witness', signingOrder: 3, witnessOf: 40 },
    });
    expect(badWitness.statusCode).toBe(400);
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses to correct or remove a delegated entry, or to correct one still to be named', async () => {
    await setDelegation(owner, 'repeated');
    const ida = person('Ida');
    const id = await sendRouted([
      { ...ida, signingOrder: 1 },
      { ...person('Jay'), signingOrder: 1 },
      { name: 'Their signatory', signingOrder: 2, namedBy: 1 },
    ]);
    const idaBrowser = await browserFor(ida.email);
    expect((await delegate(idaBrowser, { ...person('Ivy'), reason: 'Away' })).statusCode).toBe(200);
    const unnamedId = (await contractOf(id)).signers.find((s) => s.email === null)?.id ?? '';
    const before = await stateOf(id);
    const onDelegated = [
      await call(ctx, owner, {
        method: 'PATCH',
        url: `/api/contracts/${id}/signers/${idaBrowser.signerId}`,
        json: { email: person('Back').email },
      }),
      await call(ctx, owner, {
        method: 'DELETE',
        url: `/api/contracts/${id}/signers/${idaBrowser.signerId}`,
      }),
    ];
    for (const refused of onDelegated) {
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toContain('handed their turn to someone else');
    }
    const unnamed = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}/signers/${unnamedId}`,
      json: { email: person('Guess').email },
    });
    expect(unnamed.statusCode).toBe(400);
    expect(errorOf(unnamed).message).toContain('to be named by an earlier recipient');
    // Their namer cannot be removed while the name is theirs to give.
    const delegateId = (await contractOf(id)).signers.find(
      (s) => s.number === 1 && s.status !== 'delegated',
    )?.id;
    const namer = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${id}/signers/${delegateId}`,
    });
    expect(namer.statusCode).toBe(400);
    expect(await stateOf(id)).toEqual(before);
  });

  it('kills a link at once when its recipient is corrected or removed, mid-session', async () => {
    const jan = person('Jan');
    const kai = person('Kai');
    const id = await sendRouted([
      { ...jan, signingOrder: 1 },
      { ...kai, signingOrder: 1 },
      { ...person('Lux'), signingOrder: 2 },
    ]);
    const janBrowser = await browserFor(jan.email);
    const kaiBrowser = await browserFor(kai.email);
    const janToken = latestTokenFor(peer, jan.email);
    const corrected = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}/signers/${janBrowser.signerId}`,
      json: { email: person('Janet').email },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const removed = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${id}/signers/${kaiBrowser.signerId}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const settled = await stateOf(id);
    for (const browser of [janBrowser, kaiBrowser]) {
      for (const answer of [
        await view(browser),
        await signAs(ctx, browser, { fullName: 'Anyone' }),
        await decline(browser, 'Spite'),
        await delegate(browser, { ...person('Deputy'), reason: 'x' }),
      ]) {
        expect(answer.statusCode).toBe(404);
      }
    }
    const reopened = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: janToken },
    });
    expect(reopened.statusCode).toBe(404);
    expect(await stateOf(id)).toEqual(settled);
  });
});

describe('races', () => {
  it('the last signer of a group signing twice at once: one signature, the next group invited once', async () => {
    const mo = person('Mo');
    const next = person('Nel');
    const id = await sendRouted([
      { ...mo, signingOrder: 1 },
      { ...next, signingOrder: 2 },
    ]);
    const browser = await browserFor(mo.email);
    const answers = await Promise.all([
      signAs(ctx, browser, { fullName: mo.name }),
      signAs(ctx, browser, { fullName: mo.name }),
      signAs(ctx, browser, { fullName: mo.name }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409, 409]);
    await background.drain();
    expect(peer.to(next.email).filter((mail) => /\/sign\//.test(mail.text ?? ''))).toHaveLength(1);
    const history = await db.select().from(contractHistory).where(eq(contractHistory.contractId, id));
    expect(history.filter((row) => row.action === 'signed')).toHaveLength(1);
    expect(history.filter((row) => row.action === 'turn_reached')).toHaveLength(1);
  });

  it('a hand-over and a signature at once: exactly one of them happens', async () => {
    await setDelegation(owner, 'repeated');
    const ro = person('Ro');
    const id = await sendRouted([{ ...ro, signingOrder: 1 }]);
    const browser = await browserFor(ro.email);
    const [signed, handed] = await Promise.all([
      signAs(ctx, browser, { fullName: ro.name }),
      delegate(browser, { ...person('Sly'), reason: 'x' }),
    ]);
    expect([signed.statusCode, handed.statusCode].filter((status) => status < 300)).toHaveLength(1);
    const rows = await db.select().from(signers).where(eq(signers.contractId, id));
    expect(rows.filter((row) => row.status === 'signed' || row.status === 'delegated')).toHaveLength(1);
  });

  it('a correction and a signature at once: the signature is the old person’s only if it came first', async () => {
    const tam = person('Tam');
    const id = await sendRouted([
      { ...tam, signingOrder: 1 },
      { ...person('Uli'), signingOrder: 1 },
    ]);
    const browser = await browserFor(tam.email);
    const [signed, corrected] = await Promise.all([
      signAs(ctx, browser, { fullName: tam.name }),
      call(ctx, owner, {
        method: 'PATCH',
        url: `/api/contracts/${id}/signers/${browser.signerId}`,
        json: { email: person('Tamara').email },
      }),
    ]);
    const [row] = await db.select().from(signers).where(eq(signers.id, browser.signerId));
    if (signed.statusCode === 204) {
      expect(corrected.statusCode).toBe(409);
      expect(row?.email).toBe(tam.email);
    } else {
      expect(corrected.statusCode).toBe(200);
      expect(signed.statusCode).toBe(404);
      expect(row?.status).not.toBe('signed');
    }
  });
});
