import { describe, expect, it } from 'vitest';
import { approvalConsentDisclosure } from '../../src/shared/consent';
import { rolePlaceholderEmail } from '../../src/shared/recipients';
import { withMail } from '../support/background';
import { latestTokenFor, openLink, type SigningBrowser, signAs } from '../support/signing';
import { buildAccount, call, sampleDocument, testApp } from '../support/test-app';

// A template keeps its route (roles with their kind and order, a witness, one named later, a CC
// who is the same person on every contract); Use template through the API fills it, and the
// contract made from it goes as the template says.

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Tess Template' });
const { peer, background } = await withMail(ctx);
let counter = 0;

type Row = {
  id: string;
  name: string;
  email: string | null;
  role: string;
  signingOrder: number;
  number: number;
  witnessOf: number | null;
  namedBy: number | null;
  status: string;
};

async function template() {
  counter += 1;
  const legal = `legal-${counter}@example.com`;
  const created = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: 'Board resolution',
      content: sampleDocument('Resolved.'),
      isTemplate: true,
      signers: [
        { name: 'Manager', email: rolePlaceholderEmail(1), role: 'approver', signingOrder: 1 },
        { name: 'Director A', email: rolePlaceholderEmail(2), role: 'signer', signingOrder: 2 },
        { name: 'Director B', email: rolePlaceholderEmail(3), role: 'signer', signingOrder: 2 },
        { name: 'Witness', email: rolePlaceholderEmail(4), role: 'witness', signingOrder: 2, witnessOf: 3 },
        { name: "Counterparty's signatory", role: 'signer', signingOrder: 3, namedBy: 1 },
        { name: 'Legal', email: legal, role: 'cc', signingOrder: 1 },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id as string, legal };
}

const at = (who: string) => `${who}-${counter}@example.com`;
const people = () => [
  { number: 1, name: 'Mia Manager', email: at('mia') },
  { number: 2, name: 'Dora Director', email: at('dora') },
  { number: 3, name: 'Dev Director', email: at('dev') },
  { number: 4, name: 'Walt Witness', email: at('walt') },
];

const use = (templateId: string, json: unknown) =>
  call(ctx, owner, { method: 'POST', url: `/api/templates/${templateId}/contracts`, json });
const send = (id: string) =>
  call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: { sequential: true } });
const signersOf = async (id: string): Promise<Row[]> =>
  (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json().signers;
const invited = (email: string) => peer.to(email).filter((mail) => /\/sign\//.test(mail.text ?? '')).length;
async function browserOf(email: string): Promise<SigningBrowser> {
  await background.drain();
  return openLink(ctx, latestTokenFor(peer, email));
}

describe('a template with a route', () => {
  it('fills its roles through the API, and the contract made from it goes as the template says', {
    timeout: 60_000,
  }, async () => {
    const { id: templateId, legal } = await template();
    const made = await use(templateId, { people: people() });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const rows = await signersOf(id);
    expect(
      rows.map(({ name, email, role, signingOrder, number, witnessOf, namedBy }) => ({
        name,
        email,
        role,
        signingOrder,
        number,
        witnessOf,
        namedBy,
      })),
    ).toEqual([
      {
        name: 'Mia Manager',
        email: at('mia'),
        role: 'approver',
        signingOrder: 1,
        number: 1,
        witnessOf: null,
        namedBy: null,
      },
      {
        name: 'Dora Director',
        email: at('dora'),
        role: 'signer',
        signingOrder: 2,
        number: 2,
        witnessOf: null,
        namedBy: null,
      },
      {
        name: 'Dev Director',
        email: at('dev'),
        role: 'signer',
        signingOrder: 2,
        number: 3,
        witnessOf: null,
        namedBy: null,
      },
      {
        name: 'Walt Witness',
        email: at('walt'),
        role: 'witness',
        signingOrder: 2,
        number: 4,
        witnessOf: 3,
        namedBy: null,
      },
      {
        name: "Counterparty's signatory",
        email: null,
        role: 'signer',
        signingOrder: 3,
        number: 5,
        witnessOf: null,
        namedBy: 1,
      },
      { name: 'Legal', email: legal, role: 'cc', signingOrder: 1, number: 6, witnessOf: null, namedBy: null },
    ]);

    expect((await send(id)).statusCode).toBe(200);
    await background.drain();
    expect(invited(at('mia'))).toBe(1);
    expect(invited(at('dora'))).toBe(0);
    expect(peer.to(legal).length).toBeGreaterThan(0);

    // The approver must name the counterparty's signatory before approving.
    const manager = await browserOf(at('mia'));
    const approve = (named: unknown[]) =>
      call(ctx, null, {
        method: 'POST',
        url: `/api/signing/${manager.signerId}/approve`,
        headers: { cookie: manager.cookie },
        json: {
          consentVersion: approvalConsentDisclosure.version,
          fields: { fullName: 'Mia Manager' },
          named,
        },
      });
    const unnamed = await approve([]);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.message).toContain("Counterparty's signatory");
    const named = { number: 5, name: 'Nora Named', email: at('nora') };
    const approved = await approve([named]);
    expect(approved.statusCode, approved.body).toBe(204);

    // Group 2: both directors together; the witness only once their signer has signed.
    await background.drain();
    expect([invited(at('dora')), invited(at('dev')), invited(at('walt')), invited(at('nora'))]).toEqual([
      1, 1, 0, 0,
    ]);
    expect((await signAs(ctx, await browserOf(at('dev')), { fullName: 'Dev Director' })).statusCode).toBe(
      204,
    );
    await background.drain();
    expect(invited(at('walt'))).toBe(1);
    expect((await signAs(ctx, await browserOf(at('walt')), { fullName: 'Walt Witness' })).statusCode).toBe(
      204,
    );
    await background.drain();
    expect(invited(at('nora'))).toBe(0);
    expect((await signAs(ctx, await browserOf(at('dora')), { fullName: 'Dora Director' })).statusCode).toBe(
      204,
    );

    // Group 3: the named signatory, who completes it.
    await background.drain();
    expect(invited(at('nora'))).toBe(1);
    expect((await signAs(ctx, await browserOf(at('nora')), { fullName: 'Nora Named' })).statusCode).toBe(204);
    const contract = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
    expect(contract.status).toBe('signed');
  });

  it('keeps a role without its person as a placeholder, which is never sent', async () => {
    const { id: templateId } = await template();
    const made = await use(templateId, { people: people().slice(0, 2) });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    expect((await signersOf(id))[2]).toMatchObject({ name: 'Director B', email: rolePlaceholderEmail(3) });
    const refused = await send(id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message:
        'Add the person for the template\'s role "Director B" (recipient 3), or remove the role, before sending',
      field: 'signers.2.email',
    });
    await background.drain();
    expect(invited(at('mia'))).toBe(0);
  });

  it('refuses a role the template does not have, and the same person for two roles', async () => {
    const { id: templateId } = await template();
    const missing = await use(templateId, { people: [{ number: 9, name: 'Nine', email: at('nine') }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('The template has no role 9: it has 6');
    const twice = await use(templateId, {
      people: [
        { number: 2, name: 'Same', email: at('same') },
        { number: 3, name: 'Same', email: at('same') },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(`Role 3: ${at('same')} is already a signer on this contract`);
  });
});

describe('a duplicate of a contract whose numbers have a gap', () => {
  it('numbers its recipients from 1 again, its witness and who names whom following them', async () => {
    counter += 1;
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Deed',
        // Sid's signature in the text names him by his number (3), as a field does.
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Signed: ' },
                {
                  type: 'signingField',
                  attrs: { type: 'signature', signer: 3, label: '', required: true, choices: null },
                },
              ],
            },
          ],
        },
        signers: [
          { name: 'Gone Soon', email: at('gone'), role: 'signer', signingOrder: 1 },
          { name: 'Ann Approver', email: at('ann'), role: 'approver', signingOrder: 1 },
          { name: 'Sid Signer', email: at('sid'), role: 'signer', signingOrder: 2 },
          { name: 'Wyn Witness', email: at('wyn'), role: 'witness', signingOrder: 2, witnessOf: 3 },
          { name: 'Their signatory', role: 'signer', signingOrder: 3, namedBy: 2 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await send(id)).statusCode).toBe(200);
    const gone = (await signersOf(id)).find((row) => row.number === 1) as Row;
    const removed = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${id}/signers/${gone.id}`,
      json: {},
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await signersOf(id)).map((row) => row.number)).toEqual([2, 3, 4, 5]);

    const copy = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/duplicate`, json: {} });
    expect(copy.statusCode, copy.body).toBe(201);
    const rows: Row[] = copy.json().signers;
    expect(
      rows.map(({ name, number, witnessOf, namedBy }) => ({ name, number, witnessOf, namedBy })),
    ).toEqual([
      { name: 'Ann Approver', number: 1, witnessOf: null, namedBy: null },
      { name: 'Sid Signer', number: 2, witnessOf: null, namedBy: null },
      { name: 'Wyn Witness', number: 3, witnessOf: 2, namedBy: null },
      // Still to be named: the sender's label stays, for the namer to read.
      { name: 'Their signatory', number: 4, witnessOf: null, namedBy: 1 },
    ]);
    const field = JSON.stringify(copy.json().content).match(
      /"type":"signingField","attrs":\{[^}]*"signer":(\d+)/,
    );
    expect(field?.[1]).toBe('2');
    // The copy is sendable as it stands: its route checks out.
    const sent = await send(copy.json().id);
    expect(sent.statusCode, sent.body).toBe(200);
  });
});
