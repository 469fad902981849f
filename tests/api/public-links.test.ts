import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as clock from '../../src/server/clock';
import { memberships, publicLinkCodes, publicLinks, signers } from '../../src/server/db/schema';
import {
  consumeOutgoingMail,
  outgoingMailLimits,
} from '../../src/server/services/rate-limits/outgoing-mail-limits';
import { hashLinkToken } from '../../src/server/services/signing/link-token';
import { withMail } from '../support/background';
import { openLink, signAs } from '../support/signing';
import {
  buildAccount,
  buildMember,
  buildTestApp,
  call,
  type TestAccount,
  testApp,
} from '../support/test-app';

const ctx = await testApp();
const { peer, background } = await withMail(ctx);
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);
// The app with a web build beside it, for the pages' headers (frame-ancestors).
const web = mkdtempSync(join(tmpdir(), 'pactum-public-links-web-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
const pages = await buildTestApp(ctx.database, {}, { webDistDir: web });
afterAll(async () => {
  await pages.close();
  rmSync(web, { recursive: true, force: true });
});

/** An NDA: the visitor (a role for each contract) signs first, then the owner's countersigner. */
async function ndaTemplate(account: TestAccount, countersigner = 'counter@example.com') {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: 'Website NDA',
      isTemplate: true,
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'We keep it to ourselves.' }] }],
      },
      signers: [
        { name: 'Visitor', email: 'role-1@template.invalid', role: 'signer', signingOrder: 1 },
        { name: 'Countersigner', email: countersigner, role: 'signer', signingOrder: 2 },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

type Link = { id: string; url: string; state: string; submissions: number; submissionsToday: number };

async function publish(account: TestAccount, templateId: string, json: Record<string, unknown> = {}) {
  const response = await call(ctx, account, {
    method: 'POST',
    url: `/api/templates/${templateId}/public-links`,
    json: { roleNumber: 1, name: 'NDA on the website', ...json },
  });
  expect(response.statusCode, response.body).toBe(201);
  const link = response.json() as Link;
  return { ...link, token: new URL(link.url).pathname.split('/').at(-1) as string };
}

let addressCounter = 0;
/** A visitor from an address of their own (each test's, so the limits per address stay apart). */
const newAddress = () => {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
};

const visit = (token: string, remoteAddress = newAddress()) =>
  call(ctx, null, { method: 'GET', url: `/api/public-signing/${token}`, remoteAddress });
const start = (token: string, who: { name: string; email: string }, remoteAddress = newAddress()) =>
  call(ctx, null, { method: 'POST', url: `/api/public-signing/${token}/start`, json: who, remoteAddress });
const confirm = (token: string, json: { visitId: string; code: string }, remoteAddress = newAddress()) =>
  call(ctx, null, { method: 'POST', url: `/api/public-signing/${token}/confirm`, json, remoteAddress });

const submissionsOf = async (account: TestAccount, linkId: string) => {
  const response = await call(ctx, account, {
    method: 'GET',
    url: `/api/public-links/${linkId}/submissions`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as {
    visitorName: string;
    visitorEmail: string;
    contract: { id: string; status: string } | null;
  }[];
};

describe('an owner publishes a template at a link', () => {
  it('creates, lists, changes and turns off a link; the token is kept only hashed and sealed', async () => {
    const template = await ndaTemplate(owner);
    const link = await publish(owner, template, {
      maxPerDay: 5,
      embedOrigins: ['https://Example.com/', 'http://localhost:5173', 'https://example.com/a/page'],
    });
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/p\/[A-Za-z0-9_-]{43}$/);
    expect(link.state).toBe('active');
    expect((link as unknown as { embedOrigins: string[] }).embedOrigins).toEqual([
      'https://example.com',
      'http://localhost:5173',
    ]);

    const [row] = await ctx.database.db.select().from(publicLinks).where(eq(publicLinks.id, link.id));
    expect(row?.tokenHash).toBe(hashLinkToken(link.token));
    expect(JSON.stringify(row)).not.toContain(link.token);

    const list = await call(ctx, owner, { method: 'GET', url: `/api/templates/${template}/public-links` });
    expect(list.json().items.map((item: Link) => item.id)).toEqual([link.id]);
    expect(list.json().items[0].url).toBe(link.url);

    const off = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/public-links/${link.id}`,
      json: { enabled: false, name: 'Old NDA' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ state: 'off', name: 'Old NDA', enabled: false });
    const gone = await visit(link.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('This link is not valid, or it was turned off.');
    expect((await start(link.token, { name: 'Vera', email: 'vera@example.com' })).statusCode).toBe(404);

    const on = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/public-links/${link.id}`,
      json: { enabled: true },
    });
    expect(on.json().state).toBe('active');
    expect((await visit(link.token)).json()).toEqual({
      organizationName: expect.any(String),
      templateTitle: 'Website NDA',
      roleName: 'Visitor',
      requireEmailCode: false,
    });
  });

  it('refuses a role that is not a placeholder of the first group, a template with another role to fill, bad origins', async () => {
    const template = await ndaTemplate(owner);
    const second = await call(ctx, owner, {
      method: 'POST',
      url: `/api/templates/${template}/public-links`,
      json: { roleNumber: 2, name: 'x' },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.message).toContain('already has a person');

    const open = await ndaTemplate(owner, 'role-2@template.invalid');
    const unfilled = await call(ctx, owner, {
      method: 'POST',
      url: `/api/templates/${open}/public-links`,
      json: { roleNumber: 1, name: 'x' },
    });
    expect(unfilled.statusCode).toBe(400);
    expect(unfilled.json().error.message).toBe(
      'Fill in the person for the role "Countersigner" in the template first: every role but the visitor\'s needs a real person',
    );

    for (const origin of [
      'http://example.com',
      'ftp://example.com',
      'https://user:pw@example.com',
      'javascript:alert(1)',
    ]) {
      const refused = await call(ctx, owner, {
        method: 'POST',
        url: `/api/templates/${template}/public-links`,
        json: { roleNumber: 1, name: 'x', embedOrigins: [origin] },
      });
      expect(refused.statusCode, origin).toBe(400);
    }
  });

  it("another organization's links and templates are not found; a read-only token reads but does not write", async () => {
    const template = await ndaTemplate(owner);
    const link = await publish(owner, template);
    for (const request of [
      { method: 'GET' as const, url: `/api/public-links/${link.id}` },
      { method: 'GET' as const, url: `/api/public-links/${link.id}/submissions` },
      { method: 'GET' as const, url: `/api/templates/${template}/public-links` },
    ]) {
      expect((await call(ctx, stranger, request)).statusCode, request.url).toBe(404);
    }
    const patch = await call(ctx, stranger, {
      method: 'PATCH',
      url: `/api/public-links/${link.id}`,
      json: { enabled: false },
    });
    expect(patch.statusCode).toBe(404);
    const foreign = await call(ctx, stranger, {
      method: 'POST',
      url: `/api/templates/${template}/public-links`,
      json: { roleNumber: 1, name: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
    // Nor may a link send its contracts into another organization's project.
    const project = await call(ctx, owner, {
      method: 'POST',
      url: '/api/projects',
      json: { name: 'Website' },
    });
    expect(project.statusCode, project.body).toBe(201);
    const ownersProject = project.json().id as string;
    const own = await ndaTemplate(stranger);
    const intoForeign = await call(ctx, stranger, {
      method: 'POST',
      url: `/api/templates/${own}/public-links`,
      json: { roleNumber: 1, name: 'x', projectId: ownersProject },
    });
    expect(intoForeign.statusCode).toBe(404);
    expect(intoForeign.json().error.field).toBe('projectId');
    expect((await call(ctx, null, { method: 'GET', url: `/api/public-links/${link.id}` })).statusCode).toBe(
      401,
    );

    const made = await call(ctx, owner, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Reader', scope: 'read' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const bearer = { authorization: `Bearer ${made.json().token}` };
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/public-links/${link.id}`,
      headers: bearer,
    });
    expect(read.statusCode, read.body).toBe(200);
    const write = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/public-links/${link.id}`,
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ enabled: false }),
    });
    expect(write.statusCode).toBe(403);
    const create = await ctx.app.inject({
      method: 'POST',
      url: `/api/templates/${template}/public-links`,
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ roleNumber: 1, name: 'x' }),
    });
    expect(create.statusCode).toBe(403);
  });
});

describe('a visitor signs through a link', () => {
  it('without a code: the contract is made and sent, the visitor signs embedded, then the countersigner is invited', async () => {
    const template = await ndaTemplate(owner, 'counter-a@example.com');
    const link = await publish(owner, template);
    const started = await start(link.token, { name: 'Vera Visitor', email: 'Vera@Example.com' });
    expect(started.statusCode, started.body).toBe(200);
    const step = started.json();
    expect(step.step).toBe('sign');
    expect(step.signingPath).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}$/);
    expect(step.embedSigningPath).toBe(step.signingPath.replace('/sign/', '/embed/sign/'));

    const [submission] = await submissionsOf(owner, link.id);
    expect(submission).toMatchObject({ visitorName: 'Vera Visitor', visitorEmail: 'vera@example.com' });
    expect(submission?.contract?.status).toBe('sent');
    const contractId = submission?.contract?.id as string;
    const people = await ctx.database.db.select().from(signers).where(eq(signers.contractId, contractId));
    expect(people.find((person) => person.position === 1)).toMatchObject({
      email: 'vera@example.com',
      delivery: 'embedded',
    });

    await background.drain();
    expect(peer.to('counter-a@example.com')).toHaveLength(0);
    // The visitor signs on the page they came from: no invitation is e-mailed to them.
    expect(peer.to('vera@example.com')).toHaveLength(0);
    const browser = await openLink(ctx, step.signingPath.split('/').at(-1));
    expect(browser.state).toBe('ready');
    const signed = await signAs(ctx, browser, { fullName: 'Vera Visitor' });
    expect(signed.statusCode, signed.body).toBe(204);
    await background.drain();
    expect(peer.to('counter-a@example.com').map((mail) => mail.subject)).toHaveLength(1);

    const contract = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contractId}` });
    expect(contract.json().status).toBe('sent');
    expect(
      (await call(ctx, owner, { method: 'GET', url: `/api/public-links/${link.id}` })).json(),
    ).toMatchObject({
      submissions: 1,
      submissionsToday: 1,
    });
  });

  it('with a code: a code is e-mailed, a wrong one is counted, the right one makes the contract once', async () => {
    const template = await ndaTemplate(owner);
    const link = await publish(owner, template, { requireEmailCode: true });
    expect((await visit(link.token)).json().requireEmailCode).toBe(true);
    const started = await start(link.token, { name: 'Cora Code', email: 'cora@example.com' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ step: 'code', maskedEmail: 'c•••a@example.com' });
    expect(await submissionsOf(owner, link.id)).toHaveLength(0);
    await background.drain();
    const mail = peer.to('cora@example.com').at(-1);
    expect(mail?.subject).toBe('Your code to sign "Website NDA"');
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] as string;
    const [row] = await ctx.database.db
      .select()
      .from(publicLinkCodes)
      .where(eq(publicLinkCodes.id, started.json().visitId));
    expect(row?.codeHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(code);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await confirm(link.token, { visitId: started.json().visitId, code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('That code is not right. 4 tries left.');
    const right = await confirm(link.token, { visitId: started.json().visitId, code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().step).toBe('sign');
    const again = await confirm(link.token, { visitId: started.json().visitId, code });
    expect(again.statusCode).toBe(400);
    expect(await submissionsOf(owner, link.id)).toHaveLength(1);

    // Another link's token does not confirm this visit.
    const other = await publish(owner, template, { requireEmailCode: true });
    const elsewhere = await confirm(other.token, { visitId: started.json().visitId, code });
    expect(elsewhere.statusCode).toBe(400);
  });

  it("refuses a visitor giving the countersigner's address, under the e-mail field", async () => {
    const template = await ndaTemplate(owner, 'counter-b@example.com');
    for (const requireEmailCode of [false, true]) {
      const link = await publish(owner, template, { requireEmailCode });
      const refused = await start(link.token, { name: 'Sly', email: 'Counter-B@example.com' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        field: 'email',
        message: 'This address already takes another part in this document: give your own e-mail address.',
      });
      expect(await submissionsOf(owner, link.id)).toHaveLength(0);
    }
  });

  it('refuses a submission once the link’s creator has left the organization', async () => {
    const member = await buildMember(ctx, owner);
    const template = await ndaTemplate(owner);
    const link = await publish(member, template);
    await ctx.database.db.delete(memberships).where(eq(memberships.userId, member.userId));
    const refused = await start(link.token, { name: 'Lea', email: 'lea@example.com' });
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error.message).toContain('the person who published it is no longer a member');
    expect(await submissionsOf(owner, link.id)).toHaveLength(0);
  });
});

describe('a link’s bounds', () => {
  it('an expired link answers 410 with a clear message', async () => {
    const template = await ndaTemplate(owner);
    const link = await publish(owner, template, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    clock.advanceClock(120_000);
    try {
      const page = await visit(link.token);
      expect(page.statusCode).toBe(410);
      expect(page.json().error.message).toBe('This link has expired: it no longer takes submissions.');
      expect((await start(link.token, { name: 'Eva', email: 'eva@example.com' })).statusCode).toBe(410);
      const listed = await call(ctx, owner, { method: 'GET', url: `/api/public-links/${link.id}` });
      expect(listed.json().state).toBe('expired');
    } finally {
      clock.resetClock();
    }
  });

  it('20 parallel submissions against a total cap of 3 make exactly 3; then the link says it is full', async () => {
    const template = await ndaTemplate(owner);
    const link = await publish(owner, template, { maxTotal: 3 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        start(link.token, { name: `Parallel ${index}`, email: `parallel-${index}@example.com` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 410)).toHaveLength(17);
    const refusal = answers.find((answer) => answer.statusCode === 410);
    expect(refusal?.json().error.message).toBe(
      'This link has taken all the submissions it accepts: it takes no more.',
    );
    const made = await submissionsOf(owner, link.id);
    expect(made).toHaveLength(3);
    expect(made.every((item) => item.contract?.status === 'sent')).toBe(true);
    expect((await visit(link.token)).statusCode).toBe(410);
    expect(
      (await call(ctx, owner, { method: 'GET', url: `/api/public-links/${link.id}` })).json(),
    ).toMatchObject({
      state: 'full',
      submissions: 3,
    });
    // Nothing else is affected: another link of the same template still takes a submission.
    const other = await publish(owner, template);
    expect((await start(other.token, { name: 'Other', email: 'other@example.com' })).statusCode).toBe(200);
  });

  it('a cap per day refuses the next submission today and takes one again the next UTC day', async () => {
    const template = await ndaTemplate(owner);
    const link = await publish(owner, template, { maxPerDay: 1 });
    const day = new Date();
    clock.setClock(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 12)));
    try {
      expect((await start(link.token, { name: 'Day One', email: 'day-1@example.com' })).statusCode).toBe(200);
      const refused = await start(link.token, { name: 'Day One Again', email: 'day-1b@example.com' });
      expect(refused.statusCode).toBe(410);
      expect(refused.json().error.message).toBe(
        'This link has taken all the submissions it accepts today. Try again tomorrow.',
      );
      clock.advanceClock(24 * 60 * 60 * 1000);
      expect((await start(link.token, { name: 'Day Two', email: 'day-2@example.com' })).statusCode).toBe(200);
    } finally {
      clock.resetClock();
    }
    expect(await submissionsOf(owner, link.id)).toHaveLength(2);
  });

  it('a flood from one address is refused with 429 and Retry-After; another address is still served', async () => {
    const template = await ndaTemplate(owner);
    const link = await publish(owner, template, { requireEmailCode: true });
    const flooder = newAddress();
    const answers = [];
    for (let index = 0; index < 14; index += 1) {
      answers.push(await start(link.token, { name: 'Flood', email: `flood-${index}@example.com` }, flooder));
    }
    expect(answers.slice(0, 10).every((answer) => answer.statusCode === 200)).toBe(true);
    const refused = answers.at(-1);
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json().error.message).toMatch(/^Too many submissions from your address in a short time/);

    const other = await start(link.token, { name: 'Olga', email: 'olga@example.com' });
    expect(other.statusCode, other.body).toBe(200);
    // Codes to one address are bounded too, whichever address asks.
    const codes = [];
    for (let index = 0; index < 6; index += 1) {
      codes.push((await start(link.token, { name: 'Target', email: 'target@example.com' })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
  it("the organization's sending limit holds visitors back with a clear message, and nothing is made", async () => {
    const busy = await buildAccount(ctx);
    const template = await ndaTemplate(busy);
    const link = await publish(busy, template);
    const withCode = await publish(busy, template, { requireEmailCode: true });
    const { limit } = outgoingMailLimits.signingRecipients;
    await consumeOutgoingMail(ctx.database.db, busy.organizationId, 'signingRecipients', limit);
    for (const token of [link.token, withCode.token]) {
      const refused = await start(token, { name: 'Late', email: 'late@example.com' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(
        'This link is taking too many submissions right now. Try again later.',
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await submissionsOf(busy, link.id)).toHaveLength(0);
    const drafts = await call(ctx, busy, { method: 'GET', url: '/api/contracts' });
    expect(drafts.json().items).toHaveLength(0);
  });

  it("another site's page cannot submit for its visitor, and a made-up token finds nothing", async () => {
    const template = await ndaTemplate(owner);
    const link = await publish(owner, template);
    const crossSite = await call(ctx, null, {
      method: 'POST',
      url: `/api/public-signing/${link.token}/start`,
      json: { name: 'Mallory', email: 'mallory@example.com' },
      headers: { origin: 'https://evil.example' },
      remoteAddress: newAddress(),
    });
    expect(crossSite.statusCode).toBe(403);
    const guessed = await visit(`${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`);
    expect(guessed.statusCode).toBe(404);
    expect(await submissionsOf(owner, link.id)).toHaveLength(0);
  });

  it('an embedding page is framed only by an origin the link lists, while it is on; so is the signing page it leads to', async () => {
    const host = 'https://app.example.com';
    const template = await ndaTemplate(owner);
    const link = await publish(owner, template, { embedOrigins: [host] });
    const framing = (path: string, origin: string) =>
      pages.inject({ url: `${path}?origin=${encodeURIComponent(origin)}` });
    const page = await framing(`/embed/p/${link.token}`, host);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${host}`);
    const other = await framing(`/embed/p/${link.token}`, 'https://third.example');
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await framing(`/p/${link.token}`, host)).headers['content-security-policy']).toContain(
      "frame-ancestors 'none'",
    );

    const step = (await start(link.token, { name: 'Fran Frame', email: 'fran@example.com' })).json();
    const signing = await framing(step.embedSigningPath, host);
    expect(signing.headers['content-security-policy']).toContain(`frame-ancestors ${host}`);

    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/public-links/${link.id}`,
      json: { enabled: false },
    });
    const off = await framing(`/embed/p/${link.token}`, host);
    expect(off.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
