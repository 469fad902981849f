import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { draftFromPdf } from '../support/pdf-drafts';
import { latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

const run = promisify(execFile);

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);

/** A poppler tool's report on the bytes (its output whether it exits 0 or not). */
async function tool(command: string, args: string[], bytes: Uint8Array): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-signed-')), 'doc.pdf');
  await writeFile(file, bytes);
  const result = await run(
    command,
    args.map((arg) => (arg === '$file' ? file : arg)),
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
  }));
  return result.stdout;
}

/** Each signature pdfsig lists, as its report lines. */
const signaturesIn = (report: string) => report.split(/^Signature #\d+:$/m).slice(1);

const signedByOthers = pdfFixture('already-signed.pdf');

describe('a PDF the other side signed first', () => {
  it('is sent as uploaded and sealed by incremental updates: their signature and the seal are both valid', async () => {
    const before = signaturesIn(await tool('pdfsig', ['$file'], signedByOthers));
    expect(before).toHaveLength(1);
    expect(before[0]).toContain('Signature is Valid');

    const uploaded = await draftFromPdf(ctx, owner, signedByOthers, 'countersigned.pdf');
    const id = uploaded.id as string;
    expect(uploaded.files[0].signatureCount).toBe(1);
    // Its text tags become fields for two signers.
    await background.drain();
    const signers = [
      { name: 'Zofia Wiśniewska', email: 'zofia@example.com' },
      { name: '王小明', email: 'wang@example.com' },
    ];
    await call(ctx, owner, { method: 'PATCH', url: `/api/contracts/${id}`, json: { signers } });
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);

    // What is signed is the upload, byte for byte.
    const frozen = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` });
    expect(Buffer.compare(frozen.rawPayload, signedByOthers)).toBe(0);

    await background.drain();
    for (const signer of signers) {
      const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
      expect((await signAs(ctx, browser, { fullName: signer.name })).statusCode).toBe(204);
      await background.drain();
    }
    const final = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(final.statusCode, final.body).toBe(200);
    const sealed = final.rawPayload;

    // The original bytes are the start of the final file, untouched.
    expect(Buffer.compare(sealed.subarray(0, signedByOthers.length), signedByOthers)).toBe(0);
    const after = signaturesIn(await tool('pdfsig', ['$file'], sealed));
    expect(after).toHaveLength(2);
    expect(after[0]).toContain('Kowalski Legal Sp. z o.o.');
    expect(after[0]).toContain('Signature is Valid');
    expect(after[1]).toContain('Signature is Valid');
    expect(after[1]).toContain('ETSI.CAdES.detached');
    expect(after[1]).toContain('Total document signed');
    expect(await tool('qpdf', ['--check', '$file'], sealed)).toContain('No syntax or stream encoding errors');

    // The names filled in their tags' places on page 2, then the signature pages and the certificate.
    const pageTwo = await tool('pdftotext', ['-f', '2', '-l', '2', '$file', '-'], sealed);
    expect(pageTwo).toContain('Zofia Wiśniewska');
    expect(pageTwo).toContain('王小明');
    expect(await tool('pdftotext', ['$file', '-'], sealed)).toContain('Certificate of Completion');

    // /verify recognizes the seal, the last signature of the file.
    const verified = await call(ctx, null, {
      method: 'POST',
      url: '/api/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: sealed,
    });
    expect(verified.json()).toMatchObject({ verdict: 'verified' });
  }, 120_000);

  it('keeps its own form, but hides the widgets of the fields filled, so they never cover the values drawn', async () => {
    const signedForm = pdfFixture('signed-form.pdf');
    const signer = { name: 'Zofia Wiśniewska', email: 'zofia.form@example.com' };
    const contract = await draftFromPdf(ctx, owner, signedForm, 'signed-form.pdf', [signer]);
    type Found = { id: string; type: string; options: { choices?: string[] } } & Record<string, unknown>;
    const found = contract.fields as Found[];
    // Its form's fields: the texts, the checkbox and the choice, for the sender to assign.
    expect(found.map((field) => field.type).sort()).toEqual(['checkbox', 'dropdown', 'text', 'text']);
    const assigned = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${contract.id}/fields`,
      json: {
        fields: found.map(({ id, fileId, page, x, y, width, height, type, label, options }) => ({
          id,
          fileId,
          page,
          x,
          y,
          width,
          height,
          type,
          label,
          options,
          signer: 1,
          required: false,
        })),
      },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const ids = assigned.json().fields as Found[];
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${contract.id}/send`, json: {} }))
        .statusCode,
    ).toBe(200);
    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    const [firstText] = ids.filter((field) => field.type === 'text');
    const dropdown = ids.find((field) => field.type === 'dropdown');
    const signed = await signAs(
      ctx,
      browser,
      { fullName: signer.name },
      {
        values: {
          [firstText?.id ?? '']: 'Łódź 42',
          [dropdown?.id ?? '']: dropdown?.options.choices?.[0] ?? '',
        },
      },
    );
    expect(signed.statusCode, signed.body).toBe(204);
    await background.drain();
    const sealed = (
      await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/documents/final` })
    ).rawPayload;
    if (process.env.PDF_SCREENSHOTS)
      await writeFile(join(process.env.PDF_SCREENSHOTS, 'signed-form-final.pdf'), sealed);
    expect(Buffer.compare(sealed.subarray(0, signedForm.length), signedForm)).toBe(0);
    const report = signaturesIn(await tool('pdfsig', ['$file'], sealed));
    expect(report).toHaveLength(2);
    for (const signature of report) expect(signature).toContain('Signature is Valid');
    expect(await tool('pdftotext', ['$file', '-'], sealed)).toContain('Łódź 42');

    // The filled fields' widgets are hidden; the empty ones and the counterparty's signature are not.
    const form = (await PDF.load(sealed)).getForm();
    const hidden = new Map(
      (form?.getFields() ?? []).map((field) => [
        field.type,
        field.getWidgets().every((widget) => (widget.flags & 2) === 2),
      ]),
    );
    expect(Object.fromEntries(hidden)).toMatchObject({ signature: false, checkbox: false, dropdown: true });
    const texts = (form?.getFields() ?? []).filter((field) => field.type === 'text');
    expect(
      texts.map((field) => field.getWidgets().every((widget) => (widget.flags & 2) === 2)).sort(),
    ).toEqual([false, true]);
  }, 120_000);

  it('is not joined with other documents, which would break its signature', async () => {
    const { id } = await draftFromPdf(ctx, owner, signedByOthers, 'countersigned.pdf');
    const annex = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/files?name=annex.pdf`,
      payload: pdfFixture('img2pdf-scan.pdf'),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(annex.statusCode, annex.body).toBe(201);
    await background.drain();
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: {
        signers: [
          { name: 'Jan Nowak', email: 'jan@example.com' },
          { name: 'Anna Kowalska', email: 'anna@example.com' },
        ],
      },
    });
    const refused = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      "“countersigned.pdf” already carries a digital signature: it can only be sent as the contract's one document, since joining it with other PDFs would break that signature. Send it on its own, or upload a copy without signatures.",
    );
  });
});
