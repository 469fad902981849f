import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractHistory, contracts, events, jobs, signers, signingLinks } from '../../src/server/db/schema';
import { withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

const run = promisify(execFile);

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);

async function pdfsig(bytes: Uint8Array): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-sig-')), 'doc.pdf');
  await writeFile(file, bytes);
  const result = await run('pdfsig', [file]).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
  }));
  return result.stdout;
}

describe('the signing ceremony', () => {
  it('sends, signs twice, completes once, seals, mails the PDF to everyone and verifies it', async () => {
    const alice = { name: 'Alice Signer', email: 'alice@example.com' };
    const bob = { name: 'Bob Signer', email: 'bob@example.com' };
    const id = await createAndSend(ctx, owner, [alice, bob]);

    // Frozen and hashed; the event is recorded with the status change, and its consumer (queued in
    // the same transaction) puts the invitations in the outbox.
    const signing = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/signing` })).json();
    expect(signing.documents.frozen.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [sent] = await ctx.database.db
      .select()
      .from(events)
      .where(and(eq(events.contractId, id), eq(events.type, 'contract.sent')));
    expect(sent).toBeDefined();
    const queued = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `mail-signers:${sent?.id}`));
    expect(queued).toHaveLength(1);
    await background.drain();
    const outbox = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/signing` })).json();
    expect(outbox.mail.map((mail: { kind: string }) => mail.kind).sort()).toEqual([
      'invitation',
      'invitation',
    ]);
    const history = await ctx.database.db
      .select()
      .from(contractHistory)
      .where(eq(contractHistory.contractId, id));
    expect(history.find((entry) => entry.action === 'sent')?.details).toContain(
      signing.documents.frozen.sha256,
    );

    await background.drain();
    expect(peer.to(alice.email)).toHaveLength(1);
    const invitation = peer.to(alice.email)[0];
    expect(invitation?.subject).toContain('Services Agreement');
    expect(invitation?.html).not.toMatch(/<img/i);
    // Only hashes are stored: no link row holds the token that was mailed.
    const aliceToken = latestTokenFor(peer, alice.email);
    const links = await ctx.database.db.select().from(signingLinks);
    expect(links.some((link) => link.tokenHash.includes(aliceToken))).toBe(false);
    // The token never comes back from the API either.
    const contractJson = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).body;
    expect(contractJson).not.toContain(aliceToken);

    const aliceBrowser = await openLink(ctx, aliceToken);
    expect(aliceBrowser.state).toBe('ready');
    const view = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${aliceBrowser.signerId}`,
      headers: { cookie: aliceBrowser.cookie },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      signer: alice,
      organization: { name: expect.any(String) },
      sender: { name: 'Olivia Owner' },
      contract: { title: 'Services Agreement', sha256: signing.documents.frozen.sha256 },
    });
    const [viewed] = await ctx.database.db
      .select()
      .from(signers)
      .where(eq(signers.id, aliceBrowser.signerId));
    expect(viewed?.status).toBe('viewed');

    // Without the cookie nothing is answered.
    const noCookie = await call(ctx, null, { method: 'GET', url: `/api/signing/${aliceBrowser.signerId}` });
    expect(noCookie.statusCode).toBe(401);

    // A required field left out is refused and signs nothing.
    const missing = await signAs(ctx, aliceBrowser, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.field).toBe('fullName');

    expect(
      (await signAs(ctx, aliceBrowser, { fullName: 'Alice Signer', phone: '+1 555 0100' })).statusCode,
    ).toBe(204);
    const again = await signAs(ctx, aliceBrowser, { fullName: 'Alice Signer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SIGNING_CLOSED');
    expect((await openLink(ctx, aliceToken)).state).toBe('signed');

    const bobBrowser = await openLink(ctx, latestTokenFor(peer, bob.email));
    expect((await signAs(ctx, bobBrowser, { fullName: 'Bob Signer' })).statusCode).toBe(204);

    const [signed] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, id));
    expect(signed?.status).toBe('signed');
    await background.drain();

    const after = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/signing` })).json();
    expect(after.sealedAt).not.toBeNull();
    expect(after.documents.final.pages).toBeGreaterThan(signing.documents.frozen.pages);
    const actions = (
      await ctx.database.db.select().from(contractHistory).where(eq(contractHistory.contractId, id))
    ).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'completed')).toHaveLength(1);
    expect(actions.filter((action) => action === 'sealed')).toHaveLength(1);

    // Everyone gets the sealed PDF once: both signers and the sender.
    for (const email of [alice.email, bob.email, owner.email]) {
      const completed = peer.to(email).filter((mail) => mail.subject?.startsWith('Completed'));
      expect(completed, email).toHaveLength(1);
      expect(completed[0]?.attachments[0]?.contentType).toBe('application/pdf');
    }
    const sealed = peer.to(alice.email).find((mail) => mail.subject?.startsWith('Completed'))?.attachments[0]
      ?.content as Buffer;
    // More than one of the mailer's 48 KB pieces, put back together byte for byte (compared below).
    expect(sealed.length).toBeGreaterThan(48 * 1024);
    const report = await pdfsig(sealed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');

    const download = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.rawPayload, sealed)).toBe(0);

    const verified = await call(ctx, null, {
      method: 'POST',
      url: '/api/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: sealed,
    });
    expect(verified.json()).toMatchObject({
      verdict: 'verified',
      contract: { title: 'Services Agreement', parties: [{ email: alice.email }, { email: bob.email }] },
    });

    // One changed byte, inside the signed range: pdfsig and /verify both refuse it.
    const changed = Buffer.from(sealed);
    const signedUpTo = Number(/\/ByteRange\s*\[\s*0\s+(\d+)/.exec(sealed.toString('latin1'))?.[1]);
    expect(signedUpTo).toBeGreaterThan(1000);
    const at = Math.floor(signedUpTo / 2);
    changed[at] = (changed[at] ?? 0) ^ 0x01;
    expect(await pdfsig(changed)).not.toContain('Signature is Valid');
    const refused = await call(ctx, null, {
      method: 'POST',
      url: '/api/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: changed,
    });
    expect(refused.json().verdict).not.toBe('verified');
  });

  it('shows an unknown link as not valid and signs nothing', async () => {
    const response = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: 'A'.repeat(43) },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toContain('not valid');
  });
});
