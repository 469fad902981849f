import { pngOf } from '../fixtures/hostile-values';
import { expect, test } from './fixtures';
import { accessLinkFor } from './server-log';

const screenshots = process.env.PDF_SCREENSHOTS;

const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const words = (text: string) => ({ type: 'text', text });
const field = (type: string, label: string, options: Record<string, unknown> | null = null) => ({
  type: 'signingField',
  attrs: { type, signer: 1, label, required: true, choices: null, options },
});

/** A 1 × 1 PNG: a stamp the server takes. */
const smallPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('the signing page refuses a bad value as it is typed, in the words the server refuses it with', async ({
  page,
  browser,
  account: _account,
}) => {
  test.setTimeout(180_000);
  await page.goto('/contracts');
  const signer = { name: 'Ines Duarte', email: `ines-${Date.now()}@example.com` };
  const content = {
    type: 'doc',
    content: [
      para(
        words('Reference: '),
        field('text', 'Reference', { format: 'pattern', pattern: '[A-Z]{2}[0-9]{4}' }),
      ),
      para(words('Billing: '), field('text', 'Billing e-mail', { format: 'email' })),
      para(words('Starts: '), field('date', 'Start date')),
      para(words('Stamp: '), field('image', 'Company stamp')),
      para(words('Signed: '), field('signature', '')),
    ],
  };
  const created = await page.request.post('/api/contracts', {
    data: { title: 'Order form', content, signers: [signer] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const contractId = (await created.json()).id as string;
  const sent = await page.request.post(`/api/contracts/${contractId}/send`, { data: {} });
  expect(sent.status(), await sent.text()).toBe(200);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const signing = await phone.newPage();
  await signing.goto(new URL(await accessLinkFor(signer.email, 'sign'), page.url()).href);
  const bar = signing.getByRole('region', { name: 'Signing steps' });
  const input = signing.locator('#signing-walk-input');
  const problem = signing.locator('#signing-walk-input-problem');
  const counter = bar.getByText(/^\d+ of \d+$/);
  await bar.getByRole('button', { name: 'Start' }).click();

  // The pattern: refused as typed (the words of tests/api/text-fields-signing.test.ts), taken once it fits.
  await expect(input).toBeFocused();
  await input.fill('ab12');
  await expect(problem).toHaveText('“Reference” does not have the form asked for.');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(
    signing.getByRole('button', { name: /^Reference, required: ab12\. “Reference” does not/ }),
  ).toBeVisible();
  if (screenshots) await signing.screenshot({ path: `${screenshots}/signing-value-pattern-390.png` });
  await expect(counter).toHaveText('1 of 8');
  await input.fill('AB1234');
  await expect(problem).toHaveCount(0);
  await expect(counter).toHaveText('2 of 8');

  // The e-mail format.
  await bar.getByRole('button', { name: 'Next' }).click();
  await expect(signing.getByLabel('Billing e-mail (required)')).toBeFocused();
  await input.fill('billing at example');
  await expect(problem).toHaveText('“Billing e-mail” must be an e-mail address.');
  await expect(counter).toHaveText('2 of 8');

  // A date whose year has a digit too many, as the date box lets one be typed.
  await bar.getByRole('button', { name: 'Next' }).click();
  await expect(signing.getByLabel('Start date (required)')).toBeFocused();
  await input.pressSequentially('011520261');
  await expect(input).toHaveValue('20261-01-15');
  await expect(problem).toHaveText('“Start date” takes a date.');
  await expect(counter).toHaveText('2 of 8');
  await input.fill('2026-01-15');
  await expect(problem).toHaveCount(0);
  await expect(counter).toHaveText('3 of 8');

  // A picture over the limit, refused as it is chosen, before it is read or sent.
  await bar.getByRole('button', { name: 'Next' }).click();
  await expect(signing.getByLabel('Company stamp (required)')).toBeFocused();
  await input.setInputFiles({
    name: 'stamp.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(201 * 1024, 1),
  });
  await expect(problem).toHaveText('“Company stamp” takes a picture of at most 200 KB.');
  await expect(bar).toContainText('A PNG or JPEG of at most 200 KB and 1,200 × 1,200 pixels.');
  // A small file of too many pixels, refused once the browser has read its size, as the server words it.
  const wide = pngOf({ width: 1500, height: 4, bitDepth: 8, colourType: 0 }, Buffer.alloc(1501 * 4));
  await input.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: wide });
  await expect(problem).toHaveText(
    '“Company stamp” takes a PNG or JPEG picture of at most 1,200 × 1,200 pixels (8 bits a colour, no text or other extra data) that can be read: make it smaller, or save it again as an ordinary PNG or JPEG.',
  );
  if (screenshots) await signing.screenshot({ path: `${screenshots}/signing-value-pixels-390.png` });
  if (screenshots) await signing.screenshot({ path: `${screenshots}/signing-value-image-390.png` });

  // Everything else done, Finish still waits for the two values the server would refuse.
  await signing.getByLabel('I agree to sign electronically').check();
  await signing.getByRole('tab', { name: 'Type' }).click();
  await expect(signing.getByRole('img', { name: 'Your typed signature' })).toBeVisible();
  await expect(counter).toHaveText('6 of 8');
  await expect(bar.getByRole('button', { name: 'Finish' })).toHaveCount(0);
  if (screenshots)
    await signing.screenshot({ path: `${screenshots}/signing-value-waits-390.png`, fullPage: true });

  // Put right, the values are taken by the server too.
  await signing.getByRole('button', { name: /^Company stamp, required/ }).click();
  await input.setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: smallPng });
  await expect(problem).toHaveCount(0);
  await signing.getByRole('button', { name: /^Billing e-mail, required/ }).click();
  await input.fill('billing@example.com');
  await expect(problem).toHaveCount(0);
  await expect(counter).toHaveText('8 of 8');
  await bar.getByRole('button', { name: 'Finish' }).click();
  await expect(signing.getByRole('heading', { name: 'You have signed this document' })).toBeVisible();
  await phone.close();
});
