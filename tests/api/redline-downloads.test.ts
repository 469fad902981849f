import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { docxMediaType } from '../../src/shared/docx-file';
import { buildAccount, call, testApp } from '../support/test-app';

const run = promisify(execFile);

let contractId: string;
const scratch = mkdtempSync(join(tmpdir(), 'pactum-redline-'));
const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/redline', name));

/** Two versions of one contract from a real pair made in LibreOffice: created from v1, then saved as v2. */
const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Łukasz Żółć' });
const stranger = await buildAccount(ctx);

beforeAll(async () => {
  const upload = (url: string, file: Buffer) =>
    call(ctx, owner, { method: 'POST', url, payload: file, headers: { 'content-type': docxMediaType } });
  const created = await upload(
    '/api/contracts/import-docx?fileName=supply-v1.docx',
    fixture('supply-v1.docx'),
  );
  expect(created.statusCode, created.body).toBe(201);
  contractId = created.json().contract.id;
  const converted = await upload('/api/docx/convert?fileName=supply-v2.docx', fixture('supply-v2.docx'));
  expect(converted.statusCode, converted.body).toBe(200);
  const saved = await call(ctx, owner, {
    method: 'PATCH',
    url: `/api/contracts/${contractId}`,
    json: { content: converted.json().content, editSession: 'session-redline-v2' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

async function download(extension: 'pdf' | 'docx', account = owner, query = 'from=1&to=2') {
  return call(ctx, account, {
    method: 'GET',
    url: `/api/contracts/${contractId}/compare.${extension}?${query}`,
  });
}

async function versions() {
  const response = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contractId}/versions` });
  return response.json().items as { number: number; contentHash: string; updatedAt: string }[];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** The text inside one kind of tracked change (not a tracked paragraph mark or row), each change's runs joined. */
function trackedText(xml: string, tag: 'w:ins' | 'w:del'): string[] {
  const textTag = tag === 'w:ins' ? 'w:t' : 'w:delText';
  return [...xml.matchAll(new RegExp(`<${tag} [^>]*[^/]>(.*?)</${tag}>`, 'gs'))].map((match) =>
    [...(match[1] ?? '').matchAll(new RegExp(`<${textTag}[^>]*>([^<]*)</${textTag}>`, 'g'))]
      .map((text) => text[1])
      .join(''),
  );
}

const acceptMacro = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">
Sub Settle(source As String, target As String, command As String)
  Dim hidden(0) As New com.sun.star.beans.PropertyValue
  hidden(0).Name = &quot;Hidden&quot;
  hidden(0).Value = True
  Dim doc As Object
  doc = StarDesktop.loadComponentFromURL(ConvertToURL(source), &quot;_blank&quot;, 0, hidden())
  Dim none(0) As New com.sun.star.beans.PropertyValue
  createUnoService(&quot;com.sun.star.frame.DispatchHelper&quot;).executeDispatch(doc.getCurrentController().getFrame(), command, &quot;&quot;, 0, none())
  Dim text(0) As New com.sun.star.beans.PropertyValue
  text(0).Name = &quot;FilterName&quot;
  text(0).Value = &quot;Text (encoded)&quot;
  doc.storeToURL(ConvertToURL(target), text())
  doc.close(True)
End Sub
</script:module>
`;

describe('downloading a comparison of two versions', () => {
  it('writes a .docx whose changes are tracked, which LibreOffice prints, accepts and rejects', async () => {
    const [to] = await versions();
    const response = await download('docx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(docxMediaType);
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Supply Agreement - versions 1 to 2.docx')}`,
    );
    const dir = mkdtempSync(join(scratch, 'docx-'));
    const file = join(dir, 'redline.docx');
    writeFileSync(file, response.rawPayload);

    const { stdout: xml } = await run('unzip', ['-p', file, 'word/document.xml'], { maxBuffer: 32 << 20 });
    const inserted = trackedText(xml, 'w:ins');
    const deleted = trackedText(xml, 'w:del');
    for (const words of ['fourteen', '14', 'thirty', '30', 'Washers M8', 'EUR 0.02', ' and Disputes']) {
      expect(inserted).toContain(words);
    }
    expect(inserted).toContain('The Supplier notifies the Buyer of each shipment by e-mail. ');
    for (const words of ['thirty', '30', 'sixty', '60']) expect(deleted).toContain(words);
    expect(deleted.join(' ')).toContain('Each party keeps the other party');
    // By the later version's author, at its time; a whole added row and whole paragraphs are tracked too.
    expect(xml).toContain('w:author="Łukasz Żółć"');
    expect(xml).toContain(`w:date="${to?.updatedAt.slice(0, 19)}Z"`);
    expect(xml).toMatch(/<w:trPr><w:ins /);
    expect(xml).toMatch(/<w:pPr>(?:(?!<\/w:pPr>).)*<w:rPr><w:ins /s);
    expect(xml).toMatch(/<w:pPr>(?:(?!<\/w:pPr>).)*<w:rPr><w:del /s);

    // LibreOffice opens and prints it, the changes shown in place.
    const profile = `-env:UserInstallation=file://${dir}/profile`;
    await run('soffice', [profile, '--headless', '--convert-to', 'pdf', '--outdir', dir, file], {
      timeout: 120_000,
    });
    const { stdout: printed } = await run('pdftotext', ['-layout', join(dir, 'redline.pdf'), '-']);
    expect(oneLine(printed)).toContain(
      'The Supplier shall deliver the Goods within thirtyfourteen (3014) days',
    );

    // Accepting every change gives the later version, rejecting every one the earlier.
    writeFileSync(join(dir, 'profile/user/basic/Standard/Module1.xba'), acceptMacro);
    const settle = async (command: string, target: string) => {
      await run(
        'soffice',
        [profile, '--headless', `macro:///Standard.Module1.Settle("${file}","${target}","${command}")`],
        {
          timeout: 120_000,
        },
      );
      return oneLine(readFileSync(target, 'utf8'));
    };
    const accepted = await settle('.uno:AcceptAllTrackedChanges', join(dir, 'accepted.txt'));
    const rejected = await settle('.uno:RejectAllTrackedChanges', join(dir, 'rejected.txt'));
    expect(accepted).toContain('within fourteen (14) days of each purchase order');
    expect(accepted).toContain('The Supplier notifies the Buyer of each shipment by e-mail.');
    expect(accepted).toContain('Washers M8');
    expect(accepted).toContain('payable within thirty (30) days');
    expect(accepted).toContain('3. Liability Neither party');
    expect(accepted).not.toContain('sixty');
    expect(accepted).toContain('5. Governing Law and Disputes');
    expect(rejected).toContain('within thirty (30) days of each purchase order');
    expect(rejected).not.toContain('notifies the Buyer');
    expect(rejected).not.toContain('Washers');
    expect(rejected).toContain('payable within sixty (60) days');
    expect(rejected).toContain('3. Confidentiality Each party keeps');
    expect(rejected).toContain('5. Governing Law This Agreement');
  }, 300_000);

  it('prints the redline as a PDF under a header naming both versions, with a legend', async () => {
    const [to, from] = await versions();
    const response = await download('pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Supply Agreement - versions 1 to 2.pdf')}`,
    );
    const dir = mkdtempSync(join(scratch, 'pdf-'));
    writeFileSync(join(dir, 'redline.pdf'), response.rawPayload);
    const { stdout } = await run('pdftotext', [join(dir, 'redline.pdf'), '-']);
    const text = oneLine(stdout);
    expect(text).toContain('Redline');
    expect(text).toContain('Version 1 · Łukasz Żółć');
    expect(text).toContain('Version 2 · Łukasz Żółć');
    expect(text).toContain(`Content SHA-256 ${from?.contentHash}`);
    expect(text).toContain(`Content SHA-256 ${to?.contentHash}`);
    expect(text).toContain('Legend: added text · removed text');
    // Both sides of each change are printed: removed words struck through, added words underlined.
    expect(text).toContain('within thirtyfourteen (3014) days');
    expect(text).toContain('payable within sixtythirty (6030) days');
    expect(text).toContain('The Supplier notifies the Buyer of each shipment by e-mail.');
    expect(text).toContain('Washers M8');
    expect(text).toContain('Governing Law and Disputes');
  }, 180_000);

  it('answers 404 to another organization and for a version that does not exist', async () => {
    for (const extension of ['pdf', 'docx'] as const) {
      const foreign = await download(extension, stranger);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.headers['content-type']).toContain('application/json');
      expect((await download(extension, owner, 'from=1&to=9')).statusCode).toBe(404);
    }
  });
});
