import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  activeContentPdf,
  hiddenScriptPdf,
  signedWithFieldScript,
  signedWithScript,
} from '../fixtures/pdf/hostile-pdfs';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

const run = promisify(execFile);
const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);
const signer = { name: 'Jan Buyer', email: 'jan@example.com' };

/** Runs a tool on the PDF (`$file`), answering what it printed, also when it exits with an error. */
async function tool(command: string, args: string[], bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pactum-active-'));
  const file = join(dir, 'doc.pdf');
  await writeFile(file, bytes);
  const result = await run(
    command,
    args.map((arg) => arg.replaceAll('$file', file).replaceAll('$dir', dir)),
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
  }));
  return result.stdout;
}

/** The PDF as qpdf writes it with every object readable: what any viewer would find in it. */
const readable = (bytes: Uint8Array) =>
  tool('sh', ['-c', 'qpdf --qdf --object-streams=disable $file $dir/qdf.pdf && cat $dir/qdf.pdf'], bytes);

const activeMarks = ['/JavaScript', '/S /Launch', 'javascript:', '/EmbeddedFiles', '/FileAttachment', '/AA'];

describe('active content in an upload (M2 of the security review of 2026-12-01)', () => {
  it('is named to the sender at upload and taken out of the frozen and sealed PDFs; ordinary links stay', async () => {
    const upload = activeContentPdf();
    // As uploaded, the file has every one of them.
    const uploaded = await readable(upload);
    for (const mark of activeMarks) expect(uploaded).toContain(mark);

    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Invoice and terms',
        content: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Cover note: the invoice follows.' }] },
          ],
        },
        signers: [signer],
      },
    });
    const id = created.json().id as string;
    const added = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/files?name=invoice.pdf`,
      payload: upload,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const found = [
      'document JavaScript',
      'actions run when it is opened, printed or closed',
      'links that start a program',
      'links to javascript: addresses',
      'the attached file invoice.exe',
    ];
    expect(added.json().file.activeContent).toEqual(found);
    // The contract's file list says so too.
    const draft = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
    expect(draft.files[0].activeContent).toEqual(found);

    const fileId = added.json().file.id;
    const fields = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${id}/fields`,
      json: {
        fields: [{ fileId, page: 0, x: 0.5, y: 0.8, width: 0.3, height: 0.06, type: 'signature', signer: 1 }],
      },
    });
    expect(fields.statusCode, fields.body).toBe(200);
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const frozen = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` });
    expect(frozen.statusCode).toBe(200);

    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    expect((await signAs(ctx, browser, { fullName: signer.name })).statusCode).toBe(204);
    await background.drain();
    const final = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(final.statusCode).toBe(200);

    for (const [what, pdf] of [
      ['frozen', frozen.rawPayload],
      ['sealed', final.rawPayload],
    ] as const) {
      const text = await readable(pdf);
      for (const mark of activeMarks) expect(text, `${mark} in the ${what} PDF`).not.toContain(mark);
      expect(text, `the ordinary link in the ${what} PDF`).toContain('/URI (https://example.com/terms)');
      expect(await tool('pdfdetach', ['-list', '$file'], pdf)).toContain('0 embedded files');
      // The invoice's page and the cover note are both there.
      expect(await tool('pdftotext', ['$file', '-'], pdf)).toContain('An invoice with active content');
    }
    expect(await tool('qpdf', ['--check', '$file'], final.rawPayload)).toContain(
      'No syntax or stream encoding errors',
    );
    const signature = await tool('pdfsig', ['$file'], final.rawPayload);
    expect(signature).toContain('Signature is Valid');
  }, 120_000);

  it('in a PDF already signed by someone else is refused at upload, since it cannot be taken out', async () => {
    const signed = await signedWithScript(pdfFixture('already-signed.pdf'));
    expect(await readable(signed)).toContain('/JavaScript');
    const refused = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=countersigned.pdf',
      payload: Buffer.from(signed),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'This PDF is already signed and carries document JavaScript, which a signed PDF cannot lose without breaking its signatures, and which Pactum does not seal. Ask its signer for a copy without them, or upload one without signatures.',
    );
    // The same signed PDF without the script is taken as before.
    const plain = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=countersigned.pdf',
      payload: pdfFixture('already-signed.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().files[0]).toMatchObject({ signatureCount: 1, activeContent: [] });
  });
  /** A draft of this PDF alone, as uploaded. */
  const uploadAlone = (bytes: Uint8Array, name: string) =>
    call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/upload-pdf?name=${name}`,
      payload: Buffer.from(bytes),
      headers: { 'content-type': 'application/pdf' },
    });

  it.each([
    ['a chain of go-to actions each naming the next twice, the last JavaScript', 'sharedChain'],
    ['an open action whose type is a reference to /JavaScript', 'indirectType'],
    ['JavaScript in the bookmark after 10,001 harmless ones', 'outlineFlood'],
  ] as const)(
    'hidden as %s, is found at once and not sent',
    async (_name, how) => {
      const started = performance.now();
      const uploaded = await uploadAlone(hiddenScriptPdf(how), `${how}.pdf`);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      // The chain of 40 took 2^40 steps to walk before: the upload never answered.
      expect(performance.now() - started).toBeLessThan(15_000);
      const [file] = uploaded.json().files;
      expect(file.activeContent.length).toBeGreaterThan(0);
      const id = uploaded.json().id as string;
      const patched = await call(ctx, owner, {
        method: 'PATCH',
        url: `/api/contracts/${id}`,
        json: { signers: [signer] },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
      expect(sent.statusCode, sent.body).toBe(200);
      const frozen = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` });
      expect(frozen.statusCode).toBe(200);
      expect(await readable(frozen.rawPayload)).not.toContain('/JavaScript');
    },
    60_000,
  );

  it("in a signed PDF's form field (a format script) is refused at upload", async () => {
    const signed = await signedWithFieldScript(pdfFixture('already-signed.pdf'));
    expect(await readable(signed)).toContain('/JavaScript');
    const refused = await uploadAlone(signed, 'countersigned.pdf');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toContain('This PDF is already signed and carries');
  });
});
