import { describe, expect, it } from 'vitest';
import { runSweeps } from '../../src/server/jobs/background-work';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { draftFromPdf } from '../support/pdf-drafts';
import { createAndSend, latestTokenFor, openLink, type SigningBrowser, signAs } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

// L1 of the security review of 2026-12-01: the link of a canceled, declined or expired contract
// shows how it closed and who sent it, and nothing of the document.
const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Sam Sender', organizationName: 'Sender & Co' });
const { peer, background } = await withMail(ctx);
let counter = 0;
const person = (name: string) => {
  counter += 1;
  return { name, email: `${name.toLowerCase()}-${counter}@example.com` };
};

const viewOf = (browser: SigningBrowser) =>
  call(ctx, null, {
    method: 'GET',
    url: `/api/signing/${browser.signerId}`,
    headers: { cookie: browser.cookie },
  });
const documentOf = (browser: SigningBrowser, kind: 'frozen' | 'final') =>
  call(ctx, null, {
    method: 'GET',
    url: `/api/signing/${browser.signerId}/documents/${kind}`,
    headers: { cookie: browser.cookie },
  });

/** The closed answer: exactly the state and who sent it. */
async function expectClosed(browser: SigningBrowser, state: string, message: RegExp) {
  const view = await viewOf(browser);
  expect(view.statusCode, view.body).toBe(200);
  expect(view.json()).toEqual({
    signerId: browser.signerId,
    state,
    sender: { name: 'Sam Sender' },
    organization: { name: 'Sender & Co' },
  });
  for (const kind of ['frozen', 'final'] as const) {
    const refused = await documentOf(browser, kind);
    expect(refused.statusCode, `${kind}: ${refused.body}`).toBe(410);
    expect(refused.json().error).toMatchObject({ code: 'SIGNING_DOCUMENT_CLOSED' });
    expect(refused.json().error.message).toMatch(message);
  }
  return view;
}

describe('the link of a closed contract', () => {
  it('after a cancel shows neither the document nor the other signer’s values, to either signer', async () => {
    const first = person('Fiona');
    const second = person('Gustav');
    const draft = await draftFromPdf(ctx, owner, pdfFixture('chromium-tagged.pdf'), 'agreement.pdf', [
      first,
      second,
    ]);
    const fileId = draft.files[0].id as string;
    const box = { page: 1, width: 0.3, height: 0.04, fileId };
    const placed = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${draft.id}/fields`,
      json: {
        fields: [
          { ...box, x: 0.55, y: 0.55, type: 'signature', signer: 1 },
          { ...box, x: 0.55, y: 0.65, type: 'company', signer: 1, label: 'Company' },
          { ...box, x: 0.55, y: 0.75, type: 'signature', signer: 2 },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const companyId = placed.json().fields.find((field: { label: string }) => field.label === 'Company').id;
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${draft.id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    await background.drain();
    const fiona = await openLink(ctx, latestTokenFor(peer, first.email));
    const signed = await signAs(
      ctx,
      fiona,
      { fullName: first.name },
      { values: { [companyId]: 'Secret Holdings' } },
    );
    expect(signed.statusCode, signed.body).toBe(204);
    const gustav = await openLink(ctx, latestTokenFor(peer, second.email));
    // While open, the other signer sees the first one's value.
    expect((await viewOf(gustav)).body).toContain('Secret Holdings');

    const canceled = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/cancel`,
      json: { reason: 'Sent to the wrong address' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const view = await expectClosed(
      gustav,
      'canceled',
      /^This document was canceled, so its PDF is no longer/,
    );
    expect(view.body).not.toContain('Secret Holdings');
    expect(view.body).not.toContain(first.name);
    // The signer who signed before the cancel: the contract is over for them too.
    await expectClosed(fiona, 'canceled', /canceled/);
  }, 60_000);

  it('after a signer declines shows them only that they declined', async () => {
    const signer = person('Dora');
    await createAndSend(ctx, owner, [signer], { title: 'Declined agreement' });
    await background.drain();
    const dora = await openLink(ctx, latestTokenFor(peer, signer.email));
    const declined = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${dora.signerId}/decline`,
      headers: { cookie: dora.cookie },
      json: { reason: 'Not mine' },
    });
    expect(declined.statusCode).toBe(204);
    const view = await expectClosed(dora, 'declined', /^You declined to sign this document/);
    expect(view.body).not.toContain('Declined agreement');
  });

  it('after its expiry shows only that it expired', async () => {
    const signer = person('Eve');
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await createAndSend(ctx, owner, [signer], { title: 'Expiring agreement', expiresAt: soon.toISOString() });
    await background.drain();
    const eve = await openLink(ctx, latestTokenFor(peer, signer.email));
    expect((await documentOf(eve, 'frozen')).statusCode).toBe(200);
    expect(
      (await runSweeps(ctx.database.db, new Date(soon.getTime() + 1000))).expired,
    ).toBeGreaterThanOrEqual(1);
    const view = await expectClosed(eve, 'expired', /^This document expired before everyone signed/);
    expect(view.body).not.toContain('Expiring agreement');
  });

  it('a completed contract’s signer still sees it and downloads the sealed PDF', async () => {
    const signer = person('Carla');
    await createAndSend(ctx, owner, [signer], { title: 'Completed agreement' });
    await background.drain();
    const carla = await openLink(ctx, latestTokenFor(peer, signer.email));
    expect((await signAs(ctx, carla, { fullName: signer.name })).statusCode).toBe(204);
    await background.drain();
    const view = await viewOf(carla);
    expect(view.json()).toMatchObject({
      state: 'signed',
      finalDocumentReady: true,
      contract: { title: 'Completed agreement' },
    });
    const final = await documentOf(carla, 'final');
    expect(final.statusCode).toBe(200);
    expect(final.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);
});
