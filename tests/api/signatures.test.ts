import { describe, expect, it } from 'vitest';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);
const { peer, background } = await withMail(ctx);

describe('signature requests', () => {
  it('lists every signer of every sent contract with status, activity and whether Remind applies', async () => {
    await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Still a draft', signers: [{ name: 'Dee', email: 'dee@example.com' }] },
    });
    await createAndSend(
      ctx,
      owner,
      [
        { name: 'Ann', email: 'ann@example.com' },
        { name: 'Bob', email: 'bob@example.com' },
      ],
      { title: 'NDA' },
    );
    await background.drain();
    const ann = await openLink(ctx, latestTokenFor(peer, 'ann@example.com'));
    expect((await signAs(ctx, ann, { fullName: 'Ann' })).statusCode).toBe(204);

    const list = (await call(ctx, owner, { method: 'GET', url: '/api/signatures' })).json();
    expect(list.items.map((item: { email: string }) => item.email).sort()).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
    const bob = list.items.find((item: { email: string }) => item.email === 'bob@example.com');
    expect(bob).toMatchObject({
      status: 'pending',
      canRemind: true,
      contract: { title: 'NDA', status: 'sent' },
    });
    expect(bob.lastActivityAt).not.toBeNull();
    const signed = (await call(ctx, owner, { method: 'GET', url: '/api/signatures?status=signed' })).json();
    expect(signed.items).toHaveLength(1);
    expect(signed.items[0]).toMatchObject({ email: 'ann@example.com', canRemind: false });
    const paged = (await call(ctx, owner, { method: 'GET', url: '/api/signatures?limit=1' })).json();
    const next = (
      await call(ctx, owner, { method: 'GET', url: `/api/signatures?limit=1&cursor=${paged.nextCursor}` })
    ).json();
    expect(next.items[0].signerId).not.toBe(paged.items[0].signerId);
    expect((await call(ctx, stranger, { method: 'GET', url: '/api/signatures' })).json().items).toEqual([]);
  });
});

describe('the saved signature', () => {
  it('is saved, checked like any signature, and offered on the signing page to the invited user only', async () => {
    const bad = await call(ctx, owner, {
      method: 'PUT',
      url: '/api/profile/signature',
      json: { kind: 'drawn', image: `data:image/png;base64,${Buffer.from('not a png').toString('base64')}` },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await call(ctx, owner, {
      method: 'PUT',
      url: '/api/profile/signature',
      json: { kind: 'typed', image: signatureDataUrl() },
    });
    expect(saved.json()).toEqual({ kind: 'typed', image: signatureDataUrl() });

    // The owner signs a contract of their own: signed in, the page offers the saved signature.
    await createAndSend(ctx, owner, [{ name: 'Me', email: owner.email }], { title: 'Self-signed' });
    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, owner.email));
    const asOwner = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${browser.signerId}`,
      headers: { cookie: `${browser.cookie}; ${owner.cookie}` },
    });
    expect(asOwner.json().savedSignature).toEqual({ kind: 'typed', image: signatureDataUrl() });
    const anonymous = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${browser.signerId}`,
      headers: { cookie: browser.cookie },
    });
    expect(anonymous.json().savedSignature).toBeNull();
    const someoneElse = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${browser.signerId}`,
      headers: { cookie: `${browser.cookie}; ${stranger.cookie}` },
    });
    expect(someoneElse.json().savedSignature).toBeNull();

    expect((await call(ctx, owner, { method: 'DELETE', url: '/api/profile/signature' })).json()).toEqual({
      kind: null,
      image: null,
    });
  });
});
