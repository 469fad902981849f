import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { changedInFields } from '../support/pdf-ink';
import { expect, jobTimeout, sendTimeout, test, uploadTimeout } from './fixtures';
import { accessLinkFor } from './server-log';

const screenshots = process.env.PDF_SCREENSHOTS;

/** axe-core's WCAG 2.1 A and AA rules on the whole signing page. */
async function expectNoViolations(page: Page, step: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 3),
    })),
    `axe at ${step}`,
  ).toEqual([]);
}

const phoneOf = (browser: Browser) =>
  browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });

/** The sealed PDF, once the seal job made it, as text (pdftotext). */
async function sealedText(page: Page, contractId: string): Promise<string> {
  let final: Buffer | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/contracts/${contractId}/documents/final`);
      if (response.status() !== 200) return 0;
      final = await response.body();
      return final.length;
    }, jobTimeout)
    .toBeGreaterThan(0);
  const dir = mkdtempSync(join(tmpdir(), 'pactum-e2e-walk-'));
  writeFileSync(join(dir, 'final.pdf'), final as Buffer);
  if (screenshots)
    execFileSync('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      '60',
      '-png',
      join(dir, 'final.pdf'),
      `${screenshots}/walk-sealed-${contractId.slice(0, 8)}`,
    ]);
  return execFileSync('pdftotext', [join(dir, 'final.pdf'), '-']).toString();
}

/** The box a locator is drawn in (it must be on screen). */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
}

/**
 * The current field on the page (the walk's `aria-current`) is whole in view: inside the
 * document's viewer with room on both sides, and above the walk's bar.
 */
async function expectCurrentFieldInView(page: Page) {
  const gaps = await page.evaluate(() => {
    const field = document.querySelector('[data-pdf-pages] [aria-current="true"]');
    const viewer = document.querySelector('[data-pdf-pages]');
    const bar = document.getElementById('signing-walk');
    if (!field || !viewer || !bar) return null;
    const box = field.getBoundingClientRect();
    const view = viewer.getBoundingClientRect();
    return {
      left: box.left - view.left,
      right: view.right - box.right,
      top: box.top,
      aboveBar: bar.getBoundingClientRect().top - box.bottom,
    };
  });
  expect(gaps).not.toBeNull();
  expect(gaps?.left).toBeGreaterThanOrEqual(16);
  expect(gaps?.right).toBeGreaterThanOrEqual(16);
  expect(gaps?.top).toBeGreaterThanOrEqual(16);
  expect(gaps?.aboveBar).toBeGreaterThanOrEqual(16);
}

/**
 * From Start to Finish with only the walk's button and each step's own input: at each step the
 * page passes axe, the counter says how many of the things to do are done, and a field of the
 * document is brought whole into view. Returns the labels of the fields the walk stopped at.
 */
async function walkToFinish(
  page: Page,
  total: number,
  textFor: (label: string) => string,
): Promise<{ visited: string[]; typed: string[] }> {
  const bar = page.getByRole('region', { name: 'Signing steps' });
  const visited: string[] = [];
  const typed: string[] = [];
  await expectNoViolations(page, 'the start');
  // Start, or Next when a field was tapped before.
  await bar.getByRole('button', { name: /^(Start|Next)$/ }).click({ timeout: 10_000 });
  let focusedBefore = '';
  for (let step = 0; step < total + 2; step += 1) {
    // The walk moved the focus to the step's control.
    let focused = { id: '', label: '', type: '' };
    await expect
      .poll(async () => {
        focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLInputElement | null;
          const group = element?.closest('[role="radiogroup"]');
          const labelOf = (node: Element | null | undefined) =>
            node?.getAttribute('aria-labelledby')
              ? (document.getElementById(node.getAttribute('aria-labelledby') ?? '')?.textContent ?? '')
              : ((node as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');
          return {
            id: group?.id ?? element?.id ?? '',
            label: (group ? labelOf(group) : labelOf(element)).trim(),
            type: group
              ? 'radio'
              : element?.tagName === 'INPUT'
                ? element.type
                : (element?.tagName ?? '').toLowerCase(),
          };
        });
        return `${focused.id}|${focused.label}`;
      })
      .not.toBe(focusedBefore);
    focusedBefore = `${focused.id}|${focused.label}`;
    const done = Number((await bar.getByText(/ of \d+$/).textContent())?.split(' of ')[0]);
    await expect(bar.getByText(`${done} of ${total}`, { exact: true })).toBeVisible();
    await expectNoViolations(page, focused.label || focused.id);
    if (focused.id === 'signing-consent') {
      await page.getByLabel('I agree to sign electronically').check();
    } else if (focused.id === 'signing-signature') {
      await page.getByRole('tab', { name: 'Type' }).click();
      await expect(page.getByRole('img', { name: 'Your typed signature' })).toBeVisible();
    } else if (focused.id === 'signing-walk-input') {
      visited.push(focused.label);
      await expectCurrentFieldInView(page);
      const input = page.locator('#signing-walk-input');
      if (focused.type === 'radio') {
        // The second choice, as a form's second radio button.
        await bar.getByRole('radio').nth(1).check();
      } else if (focused.type === 'checkbox') await input.check();
      else if (focused.type === 'select') await input.selectOption({ index: 2 });
      else if (focused.type === 'date') await input.fill('2027-01-15');
      else {
        typed.push(textFor(focused.label));
        await input.fill(typed.at(-1) ?? '');
      }
    } else throw new Error(`The walk stopped at ${JSON.stringify(focused)}`);
    // Done, the step counts: the signature counts the fields it fills with it.
    await expect
      .poll(async () => Number((await bar.getByText(/ of \d+$/).textContent())?.split(' of ')[0]))
      .toBeGreaterThan(done);
    if (screenshots && step < 2)
      await page.screenshot({ path: `${screenshots}/walk-step-${visited.length}-${step}-390.png` });
    const finish = bar.getByRole('button', { name: 'Finish' });
    if (await finish.isVisible()) {
      await expect(bar).toContainText(`${total} of ${total} done`);
      await expectNoViolations(page, 'Finish');
      if (screenshots) await page.screenshot({ path: `${screenshots}/walk-finish-390.png` });
      await finish.click();
      await expect(page.getByRole('heading', { name: 'You have signed this document' })).toBeVisible();
      return { visited, typed };
    }
    await bar.getByRole('button', { name: 'Next' }).click();
  }
  throw new Error(`The walk did not reach Finish; it visited ${visited.join(', ')}`);
}

test('an uploaded PDF form is signed at phone width from Start to Finish, its fields readable and tappable', async ({
  page,
  browser,
  account: _account,
}) => {
  test.setTimeout(300_000);
  await page.goto('/contracts');
  await page.getByLabel('PDFs to start a contract from').setInputFiles({
    name: 'Supplier form.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFixture('pdftex-form.pdf'),
  });
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, uploadTimeout);
  const contractId = page.url().split('/').at(-1) ?? '';
  const contract = await (await page.request.get(`/api/contracts/${contractId}`)).json();
  // The form's own four fields, required, and beside them what a form of a few points makes
  // hard to tap: a radio 6 px wide and a text line 2 px high at a 340 px page; then the signature
  // and initials, which fill themselves once the signature is adopted.
  const fileId = contract.files[0].id;
  const fields = [
    ...contract.fields.map((field: object) => ({ ...field, signer: 1, required: true })),
    {
      fileId,
      page: 0,
      x: 0.6,
      y: 0.3,
      width: 0.0176,
      height: 0.0125,
      type: 'radio',
      signer: 1,
      label: 'Plan',
      required: true,
      options: { choices: ['Monthly', 'Yearly'] },
    },
    {
      fileId,
      page: 0,
      x: 0.2,
      y: 0.52,
      width: 0.3,
      height: 0.0042,
      type: 'text',
      signer: 1,
      label: 'Reference',
      required: true,
    },
    {
      fileId,
      page: 0,
      x: 0.55,
      y: 0.52,
      width: 0.12,
      height: 0.03,
      type: 'initials',
      signer: 1,
      label: '',
      required: true,
    },
    {
      fileId,
      page: 0,
      x: 0.2,
      y: 0.6,
      width: 0.35,
      height: 0.05,
      type: 'signature',
      signer: 1,
      label: '',
      required: true,
    },
  ];
  expect(contract.fields).toHaveLength(4);
  const saved = await page.request.put(`/api/contracts/${contractId}/fields`, { data: { fields } });
  expect(saved.status(), await saved.text()).toBe(200);
  const signer = { name: 'Zofia Nowak', email: `zofia-${Date.now()}@example.com` };
  await page.reload();
  await page.getByLabel('Name', { exact: true }).fill(signer.name);
  await page.getByLabel('Email', { exact: true }).fill(signer.email);
  await page.getByRole('button', { name: 'Add Signer' }).click();
  await page.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible(sendTimeout);

  const phone = await phoneOf(browser);
  const signing = await phone.newPage();
  await signing.goto(new URL(await accessLinkFor(signer.email, 'sign'), page.url()).href);
  const document = signing.getByRole('region', { name: 'Document' });
  const pageImage = document.getByRole('img', { name: 'Page 1 of 1' });
  await expect(pageImage).toBeAttached();
  // Opened at a width where the text reads: an A4 page drawn at least at a pixel a point, in a
  // viewer that pans sideways and never scrolls up and down inside the page.
  await expect(signing.getByText('200%')).toBeVisible();
  expect((await boxOf(pageImage)).width).toBeGreaterThanOrEqual(595);
  expect(await document.evaluate((region) => region.scrollHeight - region.clientHeight)).toBeLessThanOrEqual(
    1,
  );
  expect(await document.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true);
  // 6 input fields, consent, the full name (filled in already), the signature, and the
  // signature and initials fields that fill from it.
  const bar = signing.getByRole('region', { name: 'Signing steps' });
  await expect(bar.getByText('1 of 11', { exact: true })).toBeVisible();

  // The 6 px radio and the 2 px line take a tap 20 px away from them, and open their input;
  // their boxes stay their size, over no word of the page.
  const radio = document.getByRole('button', { name: /^Plan, required/ });
  // In the middle of the screen, clear of the walk's bar at its foot.
  const centre = (locator: Locator) =>
    locator.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center' }));
  await centre(radio);
  const radioBox = await boxOf(radio);
  expect(radioBox.width).toBeLessThan(16);
  await signing.touchscreen.tap(radioBox.x + radioBox.width / 2 + 18, radioBox.y + radioBox.height / 2);
  await expect(bar.getByRole('radiogroup', { name: 'Plan (required)' })).toBeVisible();
  await expect(bar.getByRole('radio', { name: 'Monthly' })).toBeFocused();
  const reference = document.getByRole('button', { name: /^Reference, required/ });
  await centre(reference);
  const line = await boxOf(reference);
  expect(line.height).toBeLessThan(6);
  await signing.touchscreen.tap(line.x + line.width / 2, line.y + line.height / 2 - 20);
  const referenceInput = bar.getByRole('textbox', { name: 'Reference (required)' });
  await expect(referenceInput).toBeFocused();
  expect((await boxOf(referenceInput)).height).toBeGreaterThanOrEqual(44);
  // Typed into, a field never grows over another: the box stays as it was placed.
  const initials = document.getByRole('button', { name: /^Initials/ });
  const onPage = (locator: Locator) =>
    locator.evaluate((element: HTMLElement) => ({
      left: element.offsetLeft,
      top: element.offsetTop,
      width: element.offsetWidth,
      height: element.offsetHeight,
    }));
  const placed = await onPage(reference);
  await referenceInput.fill('A reference long enough to run far past the end of its little line');
  expect(await onPage(reference)).toEqual(placed);
  const beside = await onPage(initials);
  expect(placed.left + placed.width <= beside.left || beside.top >= placed.top + placed.height).toBe(true);
  await referenceInput.fill('');
  if (screenshots) await signing.screenshot({ path: `${screenshots}/walk-thin-field-390.png` });

  // The buttons and a pinch both zoom, the pinch about the point between the fingers.
  await signing.getByRole('button', { name: 'Zoom out' }).click();
  await expect(signing.getByText('150%')).toBeVisible();
  await document.evaluate((region) => {
    const box = region.getBoundingClientRect();
    const at = (id: number, dx: number) =>
      new Touch({
        identifier: id,
        target: region,
        clientX: box.left + box.width / 2 + dx,
        clientY: box.top + 100,
      });
    const send = (type: string, spread: number) =>
      region.dispatchEvent(
        new TouchEvent(type, {
          bubbles: true,
          cancelable: true,
          touches: type === 'touchend' ? [] : [at(1, -spread), at(2, spread)],
          changedTouches: [at(1, -spread), at(2, spread)],
        }),
      );
    send('touchstart', 50);
    send('touchmove', 70);
    send('touchmove', 100);
    send('touchend', 100);
  });
  await expect(signing.getByText('300%')).toBeVisible();
  await expect.poll(async () => (await boxOf(pageImage)).width).toBeGreaterThan(900);
  await signing.getByRole('button', { name: 'Zoom out' }).click();
  await signing.getByRole('button', { name: 'Zoom out' }).click();
  await expect(signing.getByText('200%')).toBeVisible();
  await signing.evaluate(() => window.scrollTo(0, 0));

  const { visited, typed } = await walkToFinish(signing, 11, (label) =>
    label.startsWith('Reference') ? 'PO-2027-118' : `Value of ${label.replace(' (required)', '')}`,
  );
  expect(visited).toHaveLength(6);
  expect(visited).toContain('Plan (required)');
  expect(visited).toContain('Reference (required)');
  await phone.close();

  const text = await sealedText(page, contractId);
  // Each value typed, the choice made and the second radio button are in the sealed PDF (the
  // certificate of completion lists every field filled).
  expect(typed).toHaveLength(3);
  for (const value of [...typed, 'Greece', 'Yearly']) expect(text).toContain(value);
});

type Box = { x: number; y: number; width: number; height: number };
type FormField = Box & {
  id: string;
  type: string;
  label: string;
  options: { choices?: string[]; choiceBoxes?: Box[] };
};

/** A document as the contract's owner downloads it, once it exists (the final one after the seal). */
async function documentOf(page: Page, contractId: string, which: 'frozen' | 'final'): Promise<Buffer> {
  let bytes: Buffer | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/contracts/${contractId}/documents/${which}`);
      if (response.status() !== 200) return 0;
      bytes = await response.body();
      return bytes.length;
    }, jobTimeout)
    .toBeGreaterThan(0);
  return bytes as Buffer;
}

test("a LibreOffice form's every field is filled at phone width, each value sealed inside its own widget", async ({
  page,
  browser,
  account: _account,
}) => {
  test.setTimeout(300_000);
  await page.goto('/contracts');
  await page.getByLabel('PDFs to start a contract from').setInputFiles({
    name: 'Order form.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFixture('libreoffice-form.pdf'),
  });
  await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, uploadTimeout);
  const contractId = page.url().split('/').at(-1) ?? '';
  const contract = await (await page.request.get(`/api/contracts/${contractId}`)).json();
  const found = contract.fields as FormField[];
  // A text line, a small box of several lines, a thin line, a checkbox, a radio group of three
  // buttons, a list and a combo box: every field of the form, for the one signer, required.
  expect(found.map((field) => field.label).sort()).toEqual(
    ['CustomerName', 'DeliveryNotes', 'Reference', 'Insured', 'Plan', 'Region', 'Courier'].sort(),
  );
  const saved = await page.request.put(`/api/contracts/${contractId}/fields`, {
    data: {
      fields: found.map(({ id, x, y, width, height, type, label, options, ...rest }) => ({
        id,
        fileId: (rest as { fileId: string }).fileId,
        page: (rest as { page: number }).page,
        x,
        y,
        width,
        height,
        type,
        label,
        options,
        signer: 1,
        required: true,
      })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const fields = (await saved.json()).fields as FormField[];
  const signer = { name: 'Zofia Wiśniewska', email: `zofia-form-${Date.now()}@example.com` };
  await page.reload();
  await page.getByLabel('Name', { exact: true }).fill(signer.name);
  await page.getByLabel('Email', { exact: true }).fill(signer.email);
  await page.getByRole('button', { name: 'Add Signer' }).click();
  await page.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(page.getByRole('link', { name: /Document as sent/ })).toBeVisible(sendTimeout);
  const frozen = await documentOf(page, contractId, 'frozen');

  const phone = await phoneOf(browser);
  const signing = await phone.newPage();
  await signing.goto(new URL(await accessLinkFor(signer.email, 'sign'), page.url()).href);
  const document = signing.getByRole('region', { name: 'Document' });
  await expect(document.getByRole('img', { name: 'Page 1 of 1' })).toBeAttached();
  // Each of the radio group's buttons is a button of its own, at its own circle.
  await expect(
    document.getByRole('button', { name: /^Plan (Basic|Standard|Premium), required/ }),
  ).toHaveCount(3);
  // The 7 fields, consent, the full name (filled in already) and the signature.
  const long = 'Leave the parcels at the loading bay behind the north warehouse, by the blue door';
  const { visited, typed } = await walkToFinish(signing, 10, (label) =>
    label.startsWith('DeliveryNotes')
      ? long
      : label.startsWith('Reference')
        ? 'PO-2026-0042'
        : 'Zofia Wiśniewska',
  );
  expect(visited).toHaveLength(7);
  await phone.close();

  // The second radio button and the list's and combo box's second choices were chosen.
  const choiceOf = (label: string, index: number) =>
    fields.find((field) => field.label === label)?.options.choices?.[index] ?? '';
  const final = await documentOf(page, contractId, 'final');
  const dir = mkdtempSync(join(tmpdir(), 'pactum-e2e-form-'));
  writeFileSync(join(dir, 'final.pdf'), final);
  if (screenshots)
    execFileSync('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      '80',
      '-png',
      join(dir, 'final.pdf'),
      `${screenshots}/form-sealed`,
    ]);
  const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', join(dir, 'final.pdf'), '-'])
    .toString()
    .replace(/\s+/g, ' ');
  for (const value of [...typed, choiceOf('Region', 1), choiceOf('Courier', 1)])
    expect(text).toContain(value);

  // The page as sent against the page sealed: each value changed pixels inside its own widget,
  // none anywhere else, and the radio group's mark is at its second button alone.
  const { changed, outside } = await changedInFields(frozen, final, { before: 1, after: 1 }, fields, {
    dpi: 144,
  });
  expect(outside).toBe(0);
  for (const name of [
    'CustomerName',
    'DeliveryNotes',
    'Reference',
    'Insured',
    'Plan:Standard',
    'Region',
    'Courier',
  ])
    expect(changed[name], name).toBeGreaterThan(0);
  expect(changed['Plan:Basic']).toBe(0);
  expect(changed['Plan:Premium']).toBe(0);
});

const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const words = (text: string) => ({ type: 'text', text });
const signingField = (type: string, label = '', choices: string[] | null = null) => ({
  type: 'signingField',
  attrs: { type, signer: 1, label, required: true, choices },
});

test('a drafted contract with fields in its text is signed at phone width from Start to Finish', async ({
  page,
  browser,
  account: _account,
}) => {
  test.setTimeout(300_000);
  await page.goto('/contracts');
  const signer = { name: 'Eleni Papadopoulou', email: `eleni-${Date.now()}@example.com` };
  const content = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [words('Supply agreement')] },
      para(
        words(
          'The supplier delivers the goods listed in Schedule 1 every month, and the buyer pays within 30 days of each delivery.',
        ),
      ),
      para(
        words('Company: '),
        signingField('company', 'Company'),
        words(' Term: '),
        signingField('dropdown', 'Term', ['One year', 'Two years', 'Three years']),
      ),
      para(words('Payment: '), signingField('radio', 'Payment', ['Monthly', 'Yearly'])),
      para(signingField('checkbox', 'Schedule 1 read'), words(' I have read Schedule 1.')),
      para(words('Signed: '), signingField('signature'), words(' Initials: '), signingField('initials')),
      para(words('Name: '), signingField('name'), words(' Date: '), signingField('dateSigned')),
    ],
  };
  const created = await page.request.post('/api/contracts', {
    data: { title: 'Supply agreement', content, signers: [signer] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const contractId = (await created.json()).id as string;
  const sent = await page.request.post(`/api/contracts/${contractId}/send`, { data: {} });
  expect(sent.status(), await sent.text()).toBe(200);

  // At desktop width first, to look at (the walk at its first field), then signed on a phone.
  const link = new URL(await accessLinkFor(signer.email, 'sign'), page.url()).href;
  if (screenshots) {
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await desktop.goto(link);
    await desktop.getByRole('button', { name: 'Start' }).click();
    await expect(desktop.locator('#signing-walk-input')).toBeFocused();
    await desktop.screenshot({ path: `${screenshots}/walk-drafted-1280.png` });
    await desktop.close();
  }
  const phone = await phoneOf(browser);
  const signing = await phone.newPage();
  await signing.goto(link);
  await expect(
    signing.getByRole('region', { name: 'Document' }).getByRole('img', { name: 'Page 1 of 1' }),
  ).toBeAttached();
  // 4 input fields, consent, the full name, the signature, and its signature and initials fields.
  const { visited } = await walkToFinish(signing, 9, (label) =>
    label.startsWith('Company') ? 'Łódź Widgets Sp. z o.o.' : `Value of ${label}`,
  );
  expect(visited.sort()).toEqual([
    'Company (required)',
    'Payment (required)',
    'Schedule 1 read (required)',
    'Term (required)',
  ]);
  await phone.close();

  const text = await sealedText(page, contractId);
  for (const value of ['Łódź Widgets Sp. z o.o.', 'Two years', 'Yearly', signer.name])
    expect(text).toContain(value);
});
