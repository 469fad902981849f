import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { pdfFileLimits } from '../../src/shared/pdf-file';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { buildAccount, buildMember, call, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function uploadNew(account: TestAccount, file: Buffer, name: string, extra = '') {
  return call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/upload-pdf?name=${encodeURIComponent(name)}${extra}`,
    payload: file,
    headers: { 'content-type': 'application/pdf' },
  });
}

function upload(account: TestAccount, contractId: string, file: Buffer, name: string, extra = '') {
  return call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${contractId}/files?name=${encodeURIComponent(name)}${extra}`,
    payload: file,
    headers: { 'content-type': 'application/pdf' },
  });
}

const getContract = async (id: string) =>
  (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();

describe('a draft from a PDF', () => {
  it('starts a draft whose first document is the PDF, with its pages measured', async () => {
    const file = pdfFixture('libreoffice-agreement.pdf');
    const response = await uploadNew(owner, file, 'Services Agreement – Łódź.pdf');
    expect(response.statusCode, response.body).toBe(201);
    const contract = response.json();
    expect(contract).toMatchObject({ title: 'Services Agreement – Łódź', status: 'draft', textPosition: 1 });
    expect(contract.files).toHaveLength(1);
    expect(contract.files[0]).toMatchObject({
      name: 'Services Agreement – Łódź.pdf',
      pageCount: 29,
      byteSize: file.length,
      sha256: sha256(file),
      formFieldCount: 0,
      signatureCount: 0,
    });
    expect(contract.files[0].pages[0]).toEqual({ width: 595.3, height: 841.89 });

    const history = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/history` });
    expect(history.json().items.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['created', 'file_added']),
    );

    // The bytes come back exactly as uploaded.
    const download = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${contract.id}/files/${contract.files[0].id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Services%20Agreement");
    expect(sha256(download.rawPayload)).toBe(sha256(file));
  });

  it.each([
    ['chromium-tagged.pdf', 2, { width: 612, height: 792 }, 0],
    ['ghostscript-pdfa.pdf', 2, { width: 612, height: 792 }, 0],
    ['pdftex-form.pdf', 1, { width: 595.28, height: 841.89 }, 4],
    ['img2pdf-scan.pdf', 1, { width: 595.28, height: 841.89 }, 0],
    ['with-attachment.pdf', 1, { width: 595.28, height: 841.89 }, 4],
    ['password-to-change.pdf', 2, { width: 612, height: 792 }, 0],
  ])('opens %s (%i pages)', async (name, pages, firstPage, formFields) => {
    const response = await uploadNew(owner, pdfFixture(name), name);
    expect(response.statusCode, response.body).toBe(201);
    const [file] = response.json().files;
    expect(file).toMatchObject({ pageCount: pages, formFieldCount: formFields });
    expect(file.pages[0]).toEqual(firstPage);
  });

  it('measures each page as it shows: mixed sizes, and a page turned a quarter', async () => {
    const response = await uploadNew(owner, pdfFixture('mixed-sizes-rotated.pdf'), 'mixed.pdf');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().files[0].pages).toEqual([
      { width: 595.3, height: 841.89 },
      { width: 792, height: 612 },
      { width: 612, height: 792 },
    ]);
  });

  it('keeps only the last part of a file name, without control characters', async () => {
    const response = await uploadNew(owner, pdfFixture('img2pdf-scan.pdf'), '..\\..\\etc/passwd\r\n"x');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().files[0].name).toBe('passwd"x.pdf');
    const download = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${response.json().id}/files/${response.json().files[0].id}`,
    });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="passwd'x.pdf"; filename*=UTF-8''passwd%22x.pdf`,
    );
  });

  it('makes a template from a PDF, whose contracts and their duplicates carry the PDF', async () => {
    const response = await uploadNew(owner, pdfFixture('pdftex-form.pdf'), 'form.pdf', '&template=true');
    expect(response.statusCode, response.body).toBe(201);
    const template = response.json();
    expect(template).toMatchObject({ isTemplate: true, projectId: null, title: 'form', textPosition: 1 });

    const made = await call(ctx, owner, {
      method: 'POST',
      url: `/api/templates/${template.id}/contracts`,
      json: {},
    });
    expect(made.statusCode, made.body).toBe(201);
    const contract = await getContract(made.json().id);
    expect(contract.files).toEqual([
      expect.objectContaining({
        name: 'form.pdf',
        sha256: template.files[0].sha256,
        pageCount: 1,
        formFieldCount: 4,
      }),
    ]);
    expect(contract.files[0].id).not.toBe(template.files[0].id);
    expect(contract.textPosition).toBe(1);

    const copy = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${contract.id}/duplicate`,
      json: {},
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().files.map((file: { name: string }) => file.name)).toEqual(['form.pdf']);

    // Removing the PDF from the contract leaves the template's (the bytes are shared) intact.
    await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${contract.id}/files/${contract.files[0].id}`,
    });
    const download = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${template.id}/files/${template.files[0].id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(template.files[0].sha256);
  });
});

describe('a file that cannot be a document is refused with its reason, and nothing is made', () => {
  const count = async () =>
    (await call(ctx, owner, { method: 'GET', url: '/api/contracts?limit=100' })).json().items.length;

  it.each([
    [
      'a password to open',
      pdfFixture('password-to-open.pdf'),
      400,
      'This PDF needs a password to open. Remove the password (print or save it as a new PDF), then upload it again.',
    ],
    [
      'a file whose owner forbids changes',
      pdfFixture('no-changes-allowed.pdf'),
      400,
      'This PDF is protected against changes, and signing adds to it. Ask for a copy without protection, then upload it again.',
    ],
    [
      'a document certified against changes',
      pdfFixture('certified.pdf'),
      400,
      'This PDF is certified by its author against changes, and signing it here adds pages and fields to it, which would break that certification. Ask for a copy that is not certified (an ordinary signature is fine), then upload it again.',
    ],
    [
      'a damaged file',
      pdfFixture('truncated.pdf'),
      400,
      'This PDF is damaged and cannot be read. Export it again from its source.',
    ],
    [
      'a picture sent as a PDF',
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      415,
      'This file is not a PDF. Save or export it as a PDF, then upload it again.',
    ],
  ])('%s', async (_what, file, status, message) => {
    const before = await count();
    const response = await uploadNew(owner, file, 'file.pdf');
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('another media type, before the body is read', async () => {
    const response = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/upload-pdf?name=a.pdf',
      payload: pdfFixture('chromium-tagged.pdf'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('a file over 50 MB, naming the limit', async () => {
    const response = await uploadNew(owner, Buffer.alloc(pdfFileLimits.bytes + 1, 0x20), 'big.pdf');
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(
      'This file is larger than 50 MB, the most a PDF may be. Compress it or split it into smaller files.',
    );
  });

  it('a read-only API token, before the body is read; a read-write one uploads', async () => {
    const tokenOf = async (scope: 'read' | 'read-write') =>
      (
        await call(ctx, owner, {
          method: 'POST',
          url: '/api/api-tokens',
          json: { name: `PDF ${scope}`, scope },
        })
      ).json().token as string;
    const send = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contracts/upload-pdf?name=api.pdf',
        payload: pdfFixture('img2pdf-scan.pdf'),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      });
    const readOnly = await send(await tokenOf('read'));
    expect(readOnly.statusCode).toBe(403);
    const readWrite = await send(await tokenOf('read-write'));
    expect(readWrite.statusCode, readWrite.body).toBe(201);
    expect(readWrite.json().createdBy.name).toBeTruthy();
  });

  it('an anonymous caller', async () => {
    const response = await uploadNew({ ...owner, cookie: '' }, pdfFixture('chromium-tagged.pdf'), 'a.pdf');
    expect(response.statusCode).toBe(401);
  });
});

describe("a draft's documents", () => {
  const makeDraft = async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'With annexes' },
    });
    return created.json().id as string;
  };

  it('adds PDFs after the text, replaces one in its place, reorders and removes them', async () => {
    const id = await makeDraft();
    const first = await upload(owner, id, pdfFixture('chromium-tagged.pdf'), 'agreement.pdf');
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(owner, id, pdfFixture('img2pdf-scan.pdf'), 'annex-scan.pdf');
    expect(second.statusCode, second.body).toBe(201);
    let contract = await getContract(id);
    expect(contract.textPosition).toBe(0);
    expect(contract.files.map((file: { name: string }) => file.name)).toEqual([
      'agreement.pdf',
      'annex-scan.pdf',
    ]);

    // Replacing keeps the place; the revision the change was made on is checked.
    const stale = await upload(
      owner,
      id,
      pdfFixture('ghostscript-pdfa.pdf'),
      'agreement-v2.pdf',
      `&replaces=${first.json().file.id}&baseRevision=1`,
    );
    expect(stale.statusCode).toBe(409);
    const replaced = await upload(
      owner,
      id,
      pdfFixture('ghostscript-pdfa.pdf'),
      'agreement-v2.pdf',
      `&replaces=${first.json().file.id}&baseRevision=${contract.revision}`,
    );
    expect(replaced.statusCode, replaced.body).toBe(201);
    contract = await getContract(id);
    expect(contract.files.map((file: { name: string }) => file.name)).toEqual([
      'agreement-v2.pdf',
      'annex-scan.pdf',
    ]);

    // The text goes last, the scan first.
    const order = [second.json().file.id, replaced.json().file.id, 'text'];
    const ordered = await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${id}/documents/order`,
      json: { order },
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().revision).toBe(contract.revision + 1);
    contract = await getContract(id);
    expect(contract.textPosition).toBe(2);
    expect(contract.files.map((file: { name: string }) => file.name)).toEqual([
      'annex-scan.pdf',
      'agreement-v2.pdf',
    ]);

    // An order that leaves one out, or names another contract's file, changes nothing.
    for (const wrong of [
      [second.json().file.id, 'text'],
      [second.json().file.id, first.json().file.id, 'text'],
    ]) {
      const refused = await call(ctx, owner, {
        method: 'PUT',
        url: `/api/contracts/${id}/documents/order`,
        json: { order: wrong },
      });
      expect(refused.statusCode).toBe(400);
    }

    const removed = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${id}/files/${second.json().file.id}`,
    });
    expect(removed.statusCode).toBe(200);
    contract = await getContract(id);
    expect(contract.files.map((file: { name: string }) => file.name)).toEqual(['agreement-v2.pdf']);
    const history = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/history` });
    const details = history.json().items.map((entry: { details: string }) => entry.details);
    expect(details).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PDF "agreement\.pdf" added \(2 pages, SHA-256 [0-9a-f]{64}\)$/),
        'PDF "agreement.pdf" removed',
        'PDF "annex-scan.pdf" removed',
      ]),
    );
  });

  it('says where the text stands as an index among the PDFs listed, also once one before it is removed', async () => {
    const id = await makeDraft();
    const first = (await upload(owner, id, pdfFixture('img2pdf-scan.pdf'), 'first.pdf')).json().file.id;
    const second = (await upload(owner, id, pdfFixture('chromium-tagged.pdf'), 'second.pdf')).json().file.id;
    await call(ctx, owner, {
      method: 'PUT',
      url: `/api/contracts/${id}/documents/order`,
      json: { order: [first, 'text', second] },
    });
    expect((await getContract(id)).textPosition).toBe(1);
    await call(ctx, owner, { method: 'DELETE', url: `/api/contracts/${id}/files/${first}` });
    // The text is now first, before the one PDF left.
    expect((await getContract(id)).textPosition).toBe(0);
  });

  it(`holds at most ${pdfFileLimits.filesPerContract} PDFs`, async () => {
    const id = await makeDraft();
    const scan = pdfFixture('img2pdf-scan.pdf');
    for (let index = 0; index < pdfFileLimits.filesPerContract; index++) {
      expect((await upload(owner, id, scan, `annex-${index}.pdf`)).statusCode).toBe(201);
    }
    const refused = await upload(owner, id, scan, 'one-too-many.pdf');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'A contract may hold at most 10 PDFs. Remove one, or combine them into one file.',
    );
  });

  it("is nobody else's: another organization can neither read, add, remove nor reorder", async () => {
    const id = await makeDraft();
    const added = await upload(owner, id, pdfFixture('chromium-tagged.pdf'), 'agreement.pdf');
    const fileId = added.json().file.id;
    const attempts = [
      call(ctx, stranger, { method: 'GET', url: `/api/contracts/${id}/files/${fileId}` }),
      upload(stranger, id, pdfFixture('chromium-tagged.pdf'), 'mine.pdf'),
      call(ctx, stranger, { method: 'DELETE', url: `/api/contracts/${id}/files/${fileId}` }),
      call(ctx, stranger, {
        method: 'PUT',
        url: `/api/contracts/${id}/documents/order`,
        json: { order: ['text', fileId] },
      }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    // Nor can a file of one contract be read through another.
    const other = await makeDraft();
    const crossed = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${other}/files/${fileId}` });
    expect(crossed.statusCode).toBe(404);
    expect((await getContract(id)).files).toHaveLength(1);
  });

  it('is fixed once the contract is sent', async () => {
    const id = await makeDraft();
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { signers: [{ name: 'Анна Кузнецова', email: 'anna@example.com' }] },
    });
    const added = await upload(owner, id, pdfFixture('chromium-tagged.pdf'), 'agreement.pdf');
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const refused = await upload(owner, id, pdfFixture('img2pdf-scan.pdf'), 'late.pdf');
    expect(refused.statusCode).toBe(409);
    const removal = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${id}/files/${added.json().file.id}`,
    });
    expect(removal.statusCode).toBe(409);
  });
});

describe('uploads held open', () => {
  it("by one organization's people never keep another organization's out", async () => {
    const members = [owner, await buildMember(ctx, owner), await buildMember(ctx, owner)];
    // A real socket: the request is admitted when its headers arrive, and its body never ends.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const held: ClientRequest[] = [];
    const hold = (account: TestAccount) => {
      const request = httpRequest(`${address}/api/contracts/upload-pdf?name=slow.pdf`, {
        method: 'POST',
        agent: false,
        headers: { cookie: account.cookie, 'content-type': 'application/pdf', 'content-length': 1024 * 1024 },
      });
      request.on('error', () => {});
      request.write(pdfFixture('chromium-tagged.pdf').subarray(0, 1024));
      held.push(request);
    };
    // Admitted, an upload is being written to a file of the store's: wait until they all are.
    const receiving = () =>
      readdirSync(ctx.database.files.receivedDir).filter((name) => name.endsWith('.upload'));
    const admitted = (count: number) =>
      expect.poll(() => receiving().length, { timeout: 20_000 }).toBe(count);
    try {
      for (let index = 0; index < 3; index++) hold(members[0] as TestAccount);
      await admitted(3);
      for (let index = 0; index < 3; index++) hold(members[1] as TestAccount);
      await admitted(6);
      // A person holds at most three at once, an organization six…
      const seventh = await uploadNew(
        members[2] as TestAccount,
        pdfFixture('img2pdf-scan.pdf'),
        'seventh.pdf',
      );
      expect(seventh.statusCode).toBe(429);
      expect(seventh.json().error.message).toBe(
        'Several files are being uploaded right now. Try again in a few seconds.',
      );
      // …and another organization uploads as if nothing were happening.
      const theirs = await uploadNew(stranger, pdfFixture('img2pdf-scan.pdf'), 'theirs.pdf');
      expect(theirs.statusCode, theirs.body).toBe(201);
    } finally {
      for (const request of held) request.destroy();
    }
    // Abandoned, their places come back, and their files are gone.
    await admitted(0);
    const after = await uploadNew(members[2] as TestAccount, pdfFixture('img2pdf-scan.pdf'), 'after.pdf');
    expect(after.statusCode, after.body).toBe(201);
  });
});
