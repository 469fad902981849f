import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, documents, signingLinks } from '../../src/server/db/schema';
import { maxAttachedPdfBytes } from '../../src/server/mail/kinds/signing-outcomes';
import { scannedPdf } from '../fixtures/pdf/hostile-pdfs';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { draftFromPdf } from '../support/pdf-drafts';
import { latestTokenFor, openLink, type SigningBrowser, signAs } from '../support/signing';
import { signingTokenIn } from '../support/smtp-peer';
import { buildAccount, call, testApp } from '../support/test-app';

const run = promisify(execFile);

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);

async function tool(command: string, args: string[], bytes: Uint8Array): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-files-')), 'doc.pdf');
  await writeFile(file, bytes);
  const result = await run(command, [...args.map((arg) => (arg === '$file' ? file : arg))]).catch(
    (error: { stdout?: string; stderr?: string }) => ({
      stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );
  return result.stdout;
}

const upload = (id: string, fixture: string, name: string) =>
  call(ctx, owner, {
    method: 'POST',
    url: `/api/contracts/${id}/files?name=${encodeURIComponent(name)}`,
    payload: pdfFixture(fixture),
    headers: { 'content-type': 'application/pdf' },
  });

describe('a contract made of uploaded PDFs and drafted text', () => {
  it('is signed and sealed as one document: the PDFs and the text in their order, then the completion pages', async () => {
    const signer = { name: 'Ελένη Παπαδοπούλου', email: 'eleni@example.com' };
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Supply agreement with annexes',
        content: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Cover note: the annexes follow.' }] },
          ],
        },
        signers: [signer],
      },
    });
    const id = created.json().id as string;
    const agreement = await upload(id, 'chromium-tagged.pdf', 'agreement.pdf');
    const scan = await upload(id, 'img2pdf-scan.pdf', 'annex-scan.pdf');
    expect(agreement.statusCode, agreement.body).toBe(201);
    // The order: the agreement, the cover note, the scanned annex.
    const ordered = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${id}/documents/order`,
      json: { order: [agreement.json().file.id, 'text', scan.json().file.id] },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);

    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const frozen = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` });
    // 2 pages of the agreement, 1 of the cover note, 1 scanned page.
    expect(await tool('pdfinfo', ['$file'], frozen.rawPayload)).toMatch(/Pages:\s+4\n/);
    const pageText = async (page: number) =>
      tool('pdftotext', ['-f', String(page), '-l', String(page), '$file', '-'], frozen.rawPayload);
    expect(await pageText(1)).toContain('This Services Agreement is made between Northwind Traders Ltd.');
    expect(await pageText(3)).toContain('Cover note: the annexes follow.');
    // The scan is an image: no text, but a page.
    expect((await pageText(4)).trim()).toBe('');

    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    expect((await signAs(ctx, browser, { fullName: signer.name })).statusCode).toBe(204);
    await background.drain();
    const final = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(final.statusCode).toBe(200);
    const signature = await tool('pdfsig', ['$file'], final.rawPayload);
    expect(signature).toContain('Signature is Valid');
    expect(signature).toContain('Total document signed');
    expect(await tool('qpdf', ['--check', '$file'], final.rawPayload)).toContain(
      'No syntax or stream encoding errors',
    );
    expect(await tool('pdftotext', ['-f', '1', '-l', '1', '$file', '-'], final.rawPayload)).toContain(
      'Services Agreement',
    );
    expect(await tool('pdftotext', ['$file', '-'], final.rawPayload)).toContain('Ελένη Παπαδοπούλου');
    // Completed by incremental updates after the document as sent, which stays its first bytes.
    expect(Buffer.compare(final.rawPayload.subarray(0, frozen.rawPayload.length), frozen.rawPayload)).toBe(0);
    const verified = await call(ctx, null, {
      method: 'POST',
      url: '/api/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: final.rawPayload,
    });
    expect(verified.json()).toMatchObject({ verdict: 'verified' });

    // That sealed PDF, uploaded to another draft with drafted text, carries its signature: joining
    // it with the text would break the signature, so the contract is not sent.
    const again = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=countersigned.pdf',
      payload: final.rawPayload,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().files[0].signatureCount).toBe(1);
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${again.json().id}`,
      json: {
        signers: [{ name: 'Jan Nowak', email: 'jan@example.com' }],
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Cover.' }] }],
        },
      },
    });
    const refused = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${again.json().id}/send`,
      json: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      "“countersigned.pdf” already carries a digital signature: it can only be sent as the contract's one document, since joining it with the drafted text would break that signature. Send it on its own (clear the drafted text), or upload a copy without signatures.",
    );

    // Both PDFs are in the file store, not in the database's rows: the embedded database never
    // holds a 20 MB value, which would stall every other request while it is written or read.
    const rows = await ctx.database.db.select().from(documents).where(eq(documents.contractId, id));
    expect(rows.map((row) => [row.kind, row.bytes])).toEqual(
      expect.arrayContaining([
        ['frozen', null],
        ['final', null],
      ]),
    );
    for (const row of rows) {
      const stored = await ctx.database.files.read(row.sha256);
      expect(stored && createHash('sha256').update(stored).digest('hex')).toBe(row.sha256);
    }
  }, 120_000);

  it('a document stored in its row before the file store still downloads', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Old one' },
    });
    const id = created.json().id as string;
    const bytes = pdfFixture('img2pdf-scan.pdf');
    await ctx.database.db.insert(documents).values({
      contractId: id,
      kind: 'frozen',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      pages: 1,
      bytes,
    });
    await ctx.database.db
      .update(contracts)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(contracts.id, id));
    const download = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
  });

  it('a contract of PDFs alone signs the PDFs, with no empty page for the text', async () => {
    const { id } = await draftFromPdf(ctx, owner, pdfFixture('password-to-change.pdf'), 'form.pdf', [
      { name: 'Анна Кузнецова', email: 'anna@example.com' },
    ]);
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const frozen = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` });
    // Opened without its owner password, and written plain.
    const info = await tool('pdfinfo', ['$file'], frozen.rawPayload);
    expect(info).toMatch(/Pages:\s+2\n/);
    expect(info).toMatch(/Encrypted:\s+no/);
  }, 60_000);

  it('a text of empty lines alone is no document: neither the PDF sent nor the sealed one has a page for it', async () => {
    const email = 'blank-text@example.com';
    const { id } = await draftFromPdf(ctx, owner, pdfFixture('img2pdf-scan.pdf'), 'scan.pdf', [
      { name: 'Blanca Vacía', email },
    ]);
    // What an editor leaves once everything typed is deleted: empty paragraphs and a line break.
    const emptied = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: {
        content: {
          type: 'doc',
          content: [
            { type: 'paragraph' },
            { type: 'paragraph', content: [{ type: 'text', text: '   ' }, { type: 'hardBreak' }] },
          ],
        },
      },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const frozen = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` });
    expect(await tool('pdfinfo', ['$file'], frozen.rawPayload)).toMatch(/Pages:\s+1\n/);
    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, email));
    expect((await signAs(ctx, browser, { fullName: 'Blanca Vacía' })).statusCode).toBe(204);
    await background.drain();
    const final = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(final.statusCode).toBe(200);
    const pages = Number(/Pages:\s+(\d+)/.exec(await tool('pdfinfo', ['$file'], final.rawPayload))?.[1]);
    // The scan, then the signature page and the certificate: every page after the scan says something.
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let page = 2; page <= pages; page++) {
      const text = await tool(
        'pdftotext',
        ['-f', String(page), '-l', String(page), '$file', '-'],
        final.rawPayload,
      );
      expect(text.trim(), `page ${page} of the sealed PDF`).not.toBe('');
    }
    expect(await tool('pdftotext', ['-f', '2', '-l', '2', '$file', '-'], final.rawPayload)).toContain(
      'Blanca Vacía',
    );
  }, 120_000);
});

describe('a sealed PDF too large to go with the e-mail', () => {
  it('is linked, not attached: the signer downloads it from their signing page, the sender from the contract', async () => {
    const signer = { name: 'Οδυσσέας Ελύτης', email: 'odysseas@example.com' };
    const { id } = await draftFromPdf(ctx, owner, scannedPdf(8, 9), 'Survey scans.pdf', [signer]);
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    await background.drain();
    const signed = await signAs(ctx, await openLink(ctx, latestTokenFor(peer, signer.email)), {
      fullName: signer.name,
    });
    expect(signed.statusCode, signed.body).toBe(204);
    await background.drain();

    const stored = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(stored.rawPayload.length).toBeGreaterThan(maxAttachedPdfBytes);
    const completed = (email: string) =>
      peer.to(email).find((mail) => mail.subject === 'Completed: "Survey scans"');
    const toSigner = completed(signer.email);
    expect(toSigner?.attachments).toHaveLength(0);
    expect(toSigner?.text).toContain('is too large to send by e-mail');
    expect(toSigner?.text).toMatch(/The sealed PDF \(\d+\.\d MB\)/);
    // The link is a fresh one to the signer's own page, which only downloads the sealed PDF, for
    // 30 days, as the e-mail says.
    const until = /works until ([^;]+ GMT);/.exec(toSigner?.text ?? '')?.[1];
    expect(toSigner?.text).toContain('The link only downloads the PDF, and works until');
    expect(Math.abs(Date.parse(until ?? '') - (Date.now() + 30 * 24 * 3600 * 1000))).toBeLessThan(
      10 * 60 * 1000,
    );
    const firstToken = signingTokenIn(toSigner as NonNullable<typeof toSigner>);
    const browser = await openLink(ctx, firstToken);
    expect(browser.state).toBe('signed');
    const opened = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: firstToken },
    });
    expect(opened.json().purpose).toBe('download');
    const finalOf = (signer: SigningBrowser) =>
      call(ctx, null, {
        method: 'GET',
        url: `/api/signing/${signer.signerId}/documents/final`,
        headers: { cookie: signer.cookie },
      });
    const downloaded = await finalOf(browser);
    expect(downloaded.statusCode).toBe(200);
    // It does nothing else: not the page's document, its fields, the frozen PDF, a signature or a decline.
    const asSigner = { headers: { cookie: browser.cookie } };
    for (const request of [
      { method: 'GET' as const, url: `/api/signing/${browser.signerId}` },
      { method: 'GET' as const, url: `/api/signing/${browser.signerId}/documents/frozen` },
      { method: 'POST' as const, url: `/api/signing/${browser.signerId}/decline`, json: { reason: 'No' } },
    ]) {
      const refused = await call(ctx, null, { ...request, ...asSigner });
      expect(refused.statusCode, `${request.url}: ${refused.body}`).toBe(403);
      expect(refused.json().error.message).toBe(
        'This link only downloads the signed PDF; it cannot open or change anything else. Use the link from your invitation for that.',
      );
    }
    expect((await signAs(ctx, browser, { fullName: signer.name })).statusCode).toBe(403);
    expect(createHash('sha256').update(downloaded.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(stored.rawPayload).digest('hex'),
    );
    // The sender, who signs in to Pactum, gets the contract's page.
    const toSender = completed(owner.email);
    expect(toSender?.attachments).toHaveLength(0);
    expect(toSender?.text).toContain(`/contracts/${id}`);

    // Sent again by the sender: a fresh link of its own, to the same page and PDF.
    const again = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${browser.signerId}/signed-copy`,
    });
    expect(again.statusCode, again.body).toBe(204);
    await background.drain();
    const resent = peer.to(signer.email).filter((mail) => mail.subject === 'Completed: "Survey scans"');
    expect(resent).toHaveLength(2);
    const fresh = signingTokenIn(resent[1] as NonNullable<(typeof resent)[number]>);
    expect(fresh).not.toBe(signingTokenIn(toSigner as NonNullable<typeof toSigner>));
    const freshBrowser = await openLink(ctx, fresh);
    expect(freshBrowser.state).toBe('signed');
    expect((await finalOf(freshBrowser)).statusCode).toBe(200);
    // The earlier download link is retired, and so is the session it opened.
    const retired = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: firstToken },
    });
    expect(retired.statusCode).toBe(404);
    expect((await finalOf(browser)).statusCode).toBe(404);

    // Thirty days on, the link has expired: it and its session say so.
    await ctx.database.db
      .update(signingLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(signingLinks.signerId, freshBrowser.signerId), eq(signingLinks.purpose, 'download')));
    const expired = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: fresh },
    });
    expect(expired.statusCode, expired.body).toBe(410);
    expect(expired.json().error.message).toMatch(
      /^This download link expired on .+ GMT\. Ask the sender to send you the signed PDF again\.$/,
    );
    expect((await finalOf(freshBrowser)).statusCode).toBe(410);
  }, 120_000);
});
