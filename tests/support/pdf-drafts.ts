import { expect } from 'vitest';
import { call, type TestAccount, type TestContext } from './test-app';

/**
 * A draft made from a PDF through the API, as 'Upload PDF' on the contracts list makes one, with
 * its signers when given; each step checked. Answers the draft as the upload returned it.
 */
export async function draftFromPdf(
  ctx: TestContext,
  account: TestAccount,
  pdf: Uint8Array,
  name: string,
  signers?: { name: string; email: string }[],
) {
  const uploaded = await call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/upload-pdf?name=${encodeURIComponent(name)}`,
    payload: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    headers: { 'content-type': 'application/pdf' },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const draft = uploaded.json();
  if (signers) {
    const patched = await call(ctx, account, {
      method: 'PATCH',
      url: `/api/contracts/${draft.id}`,
      json: { signers },
    });
    expect(patched.statusCode, patched.body).toBe(200);
  }
  return draft;
}
