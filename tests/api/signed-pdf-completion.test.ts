import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type CheckboxField, PDF, type RadioField, type TextField } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { AppendingWriter } from '../../src/server/pdf/appending-writer';
import { generateInstanceCertificate, readPkcs12 } from '../../src/server/pdf/pkcs12-certificate';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { withMail } from '../support/background';
import { draftFromPdf } from '../support/pdf-drafts';
import { changesBeyondDocMdp } from '../support/pdf-revisions';
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

  it("fills its own form: the values are the fields' own, and no page of the signed revision changes", async () => {
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

    // The filled fields are filled in the form itself, their widgets shown; nothing is hidden.
    const form = (await PDF.load(sealed)).getForm();
    const byName = new Map((form?.getFields() ?? []).map((field) => [field.name, field]));
    const filledText = byName.get(String(firstText?.label));
    expect(filledText?.getValue()).toBe('Łódź 42');
    for (const field of form?.getFields() ?? [])
      for (const widget of field.getWidgets()) expect(widget.flags & 2, field.name).toBe(0);
    expect(await changesBeyondDocMdp(signedForm, sealed)).toEqual([]);
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

  it('signed first by another party: after the seal, only what DocMDP allows was added, and both signatures are valid', async () => {
    // The LibreOffice form, signed by the counterparty with the project's own signing code and a
    // certificate of theirs made here.
    const counterparty = readPkcs12(
      ...((): [Buffer, string] => {
        const made = generateInstanceCertificate({
          commonName: 'Kowalski Legal Sp. z o.o.',
          organization: 'Kowalski Legal',
        });
        return [made.p12, made.password];
      })(),
    );
    const signedFirst = await (await AppendingWriter.open(pdfFixture('libreoffice-form.pdf'))).seal({
      certificate: counterparty,
      reason: 'Signed by the counterparty',
      name: 'Kowalski Legal',
      signingTime: new Date('2026-11-30T09:00:00Z'),
    });
    expect(signaturesIn(await tool('pdfsig', ['$file'], signedFirst))[0]).toContain('Signature is Valid');

    const signer = { name: 'Zofia Wiśniewska', email: 'zofia.first@example.com' };
    const contract = await draftFromPdf(ctx, owner, signedFirst, 'order-form-signed.pdf', [signer]);
    type Found = {
      id: string;
      fileId: string;
      type: string;
      label: string;
      options: { choices?: string[] };
    } & Record<string, number>;
    const found = contract.fields as Found[];
    const [first] = found;
    const fields = [
      ...found.map(({ id, fileId, page, x, y, width, height, type, label, options }) => ({
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
      // Placed by the sender where the form has nothing: the signature and the name.
      {
        fileId: first?.fileId,
        page: 0,
        x: 0.12,
        y: 0.4,
        width: 0.3,
        height: 0.05,
        type: 'signature',
        signer: 1,
      },
      { fileId: first?.fileId, page: 0, x: 0.5, y: 0.4, width: 0.3, height: 0.02, type: 'name', signer: 1 },
    ];
    const assigned = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${contract.id}/fields`,
      json: { fields },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const saved = assigned.json().fields as Found[];
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${contract.id}/send`, json: {} }))
        .statusCode,
    ).toBe(200);
    await background.drain();
    const values: Record<string, string> = {
      CustomerName: 'Zofia Wiśniewska',
      DeliveryNotes: 'Leave the parcels at the loading bay, by the blue door',
      Reference: 'PO-2026-0042',
      Insured: 'true',
      Plan: 'Standard',
      Region: 'South',
      Courier: 'Van',
    };
    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    const signed = await signAs(
      ctx,
      browser,
      { fullName: signer.name },
      {
        values: Object.fromEntries(
          saved.filter((field) => values[field.label]).map((field) => [field.id, values[field.label] ?? '']),
        ),
      },
    );
    expect(signed.statusCode, signed.body).toBe(204);
    await background.drain();
    const sealed = (
      await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/documents/final` })
    ).rawPayload;
    if (process.env.PDF_SCREENSHOTS)
      await writeFile(join(process.env.PDF_SCREENSHOTS, 'signed-first-final.pdf'), sealed);

    expect(Buffer.compare(sealed.subarray(0, signedFirst.length), Buffer.from(signedFirst))).toBe(0);
    // No object of the counterparty's revision was rewritten but what DocMDP allows.
    expect(await changesBeyondDocMdp(signedFirst, sealed)).toEqual([]);
    const report = signaturesIn(await tool('pdfsig', ['$file'], sealed));
    expect(report).toHaveLength(2);
    expect(report[0]).toContain('Kowalski Legal');
    for (const signature of report) expect(signature).toContain('Signature is Valid');
    expect(await tool('qpdf', ['--check', '$file'], sealed)).toContain('No syntax or stream encoding errors');

    // The form holds the values; the page shows them (pdftotext reads each text).
    const form = (await PDF.load(sealed)).getForm();
    const byName = new Map((form?.getFields() ?? []).map((field) => [field.name, field]));
    expect((byName.get('CustomerName') as TextField | undefined)?.getValue()).toBe('Zofia Wiśniewska');
    expect((byName.get('Plan') as RadioField | undefined)?.getValue()).toBe('Standard');
    expect((byName.get('Insured') as CheckboxField | undefined)?.isChecked()).toBe(true);
    const text = (await tool('pdftotext', ['-f', '1', '-l', '1', '$file', '-'], sealed)).replace(/\s+/g, ' ');
    for (const label of ['CustomerName', 'DeliveryNotes', 'Reference', 'Region', 'Courier'])
      expect(text).toContain(values[label]);
    expect(text).toContain(signer.name);
  }, 180_000);
});
