import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, pageTimeout, sendTimeout, test } from './fixtures';

type Created = { id: string };

const fieldChip = (page: Page, key: string) =>
  page.getByRole('textbox', { name: 'Contract content' }).locator(`[data-merge-field="${key}"]`);

/** Puts a new custom field at the cursor, through the toolbar. */
async function insertCustomField(page: Page, label: string) {
  await page.getByRole('button', { name: 'Insert field' }).click();
  await page.getByRole('menuitem', { name: 'Custom field…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert a custom field' });
  await dialog.getByLabel('Field label').fill(label);
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(dialog).toBeHidden();
  // Typing goes on in the editor once it has the focus back (on a busy machine, not at once).
  await expect(page.getByRole('textbox', { name: 'Contract content' })).toBeFocused();
}

const templateBody = (title: string) => ({
  title,
  isTemplate: true,
  content: {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Between Acme and ' },
          { type: 'mergeField', attrs: { key: 'clientName', label: 'Client name', value: null } },
          { type: 'text', text: ', for ' },
          { type: 'mergeField', attrs: { key: 'amount', label: 'Amount', value: null } },
          { type: 'text', text: '.' },
        ],
      },
    ],
  },
  signers: [
    { name: 'Client', email: 'role-1@template.invalid' },
    { name: 'Guarantor', email: 'role-2@template.invalid' },
  ],
});

/** axe-core's WCAG 2.1 A and AA rules. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

test.describe('templates', () => {
  test('a template with a role and fields, used in a chosen project, filled in and sent', async ({
    page,
    account,
    call,
  }) => {
    void account;
    test.setTimeout(90_000);
    await call('POST', '/projects', { name: 'Operations' });
    const hiring = await call<Created>('POST', '/projects', { name: 'Hiring' });

    // The sidebar's link and the dashboard's button lead here.
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Templates' }).click();
    await expect(page).toHaveURL('/templates');
    await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible(pageTimeout);
    await expect(page.getByText('No templates yet')).toBeVisible();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'New Template' }).click();
    await expect(page).toHaveURL('/templates/new');

    await expect(page.getByRole('heading', { name: 'Create Template' })).toBeVisible(pageTimeout);
    await expect(page.getByRole('button', { name: 'Send for Signing' })).toHaveCount(0);
    await expect(page.getByLabel('Expiration', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Project', { exact: true })).toHaveCount(0);
    const save = page.getByRole('button', { name: 'Save Template' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Template Title').fill('Consulting Agreement');

    const body = page.getByRole('textbox', { name: 'Contract content' });
    await body.click();
    await page.keyboard.type('This agreement is made with ');
    await insertCustomField(page, 'Client name');
    await page.keyboard.type(' for a fee of ');
    await insertCustomField(page, 'Amount');
    await page.keyboard.type('. Signed by ');
    await page.getByRole('button', { name: 'Insert field' }).click();
    await page.getByRole('menuitem', { name: 'Full name' }).click();
    await expect(body).toBeFocused();
    await page.keyboard.type('.');
    await expect(fieldChip(page, 'clientName')).toHaveText('[Client name]');
    await expect(fieldChip(page, 'amount')).toHaveText('[Amount]');
    await expect(fieldChip(page, 'fullName')).toHaveText('[Full name]');
    await expect(body).toHaveText(
      'This agreement is made with [Client name] for a fee of [Amount]. Signed by [Full name].',
    );

    // Signers are roles: a name, no e-mail.
    await expect(page.getByText('No roles added yet. Add roles below.')).toBeVisible();
    await page.getByLabel('Role', { exact: true }).fill('Client');
    await page.getByRole('button', { name: 'Add Role' }).click();
    await expect(
      page.getByRole('list', { name: 'Signer roles' }).getByText('Client', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('@template.invalid')).toHaveCount(0);

    await save.click();
    await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Edit Template' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Template Title')).toHaveValue('Consulting Agreement');
    await expect(fieldChip(page, 'amount')).toHaveText('[Amount]');
    await expect(
      page.getByRole('list', { name: 'Signer roles' }).getByText('Client', { exact: true }),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('template-editor-desktop.png'), fullPage: true });

    // Listed, and found by a search.
    await call('POST', '/contracts', { title: 'Mutual NDA', isTemplate: true });
    await page.goto('/templates');
    const list = page.getByRole('list', { name: 'Templates' });
    const consulting = list.getByRole('listitem').filter({ hasText: 'Consulting Agreement' });
    await expect(consulting).toContainText('Roles: Client');
    await expect(list.getByRole('listitem').filter({ hasText: 'Mutual NDA' })).toContainText('No roles');
    await page.screenshot({ path: test.info().outputPath('templates-desktop.png'), fullPage: true });
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('nda');
    await expect(page).toHaveURL('/templates?q=nda');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Mutual NDA');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('no such template');
    await expect(page.getByText('No templates match')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('');
    await expect(list.getByRole('listitem')).toHaveCount(2);

    // Use template: into the chosen project, opening the draft with its fields to fill in.
    await consulting.getByRole('button', { name: 'Use template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use “Consulting Agreement”' });
    await expect(dialog.getByLabel('Project')).toHaveValue(/[0-9a-f-]{36}/);
    await expect(dialog.getByLabel('Project').locator('option:checked')).toHaveText('Operations');
    await dialog.getByLabel('Project').selectOption({ label: 'Hiring' });
    await page.screenshot({ path: test.info().outputPath('use-template-dialog-desktop.png') });
    await dialog.getByRole('button', { name: 'Create contract' }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
    const contractId = page.url().split('/').pop() ?? '';
    await expect(page.getByRole('heading', { name: 'Edit Contract' })).toBeVisible();
    await expect(page.getByLabel('Contract Title')).toHaveValue('Consulting Agreement');
    await expect(page.locator('#contract-project option:checked')).toHaveText('Hiring');

    const panel = page.getByRole('region', { name: 'Fill in fields' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('button', { name: /Fill in fields/ })).toContainText('3 of 3 still empty');
    await panel.getByLabel('Client name').fill('Globex Corporation');
    await expect(fieldChip(page, 'clientName')).toHaveText('Globex Corporation');
    await panel.getByLabel('Amount').fill('EUR 12,500');
    await expect(fieldChip(page, 'amount')).toHaveText('EUR 12,500');
    await expect(page.getByRole('button', { name: /Fill in fields/ })).toContainText('1 of 3 still empty');

    // The template's role asks for its person; the placeholder e-mail is never a signer.
    const roles = page.getByRole('list', { name: 'Roles to fill' });
    await expect(roles.getByText('Client', { exact: true })).toBeVisible();
    await expect(page.getByText('No signers added yet. Add signers below.')).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath('draft-from-template-desktop.png'),
      fullPage: true,
    });
    await roles.getByRole('button', { name: 'Add the Client' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(page.getByText('Adding the Client')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Jane Cooper');
    await page.getByLabel('Email', { exact: true }).fill('jane@globex.example');
    await page.getByRole('button', { name: 'Add Signer' }).click();
    await expect(page.getByRole('list', { name: 'Signers' }).getByText('jane@globex.example')).toBeVisible();
    await expect(roles).toHaveCount(0);

    // An empty field keeps it from being sent, and says which.
    await page.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(page.getByRole('alert')).toContainText('Fill in Full name before sending');
    await expect(panel).toBeVisible();
    await panel.getByLabel('Full name').fill('Jane Cooper');
    await page.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible(sendTimeout);
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Contract content' })).toHaveText(
      'This agreement is made with Globex Corporation for a fee of EUR 12,500. Signed by Jane Cooper.',
    );
    await expect(panel).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('sent-from-template-desktop.png'), fullPage: true });

    const sent = await call<{ status: string; projectId: string; signers: { email: string }[] }>(
      'GET',
      `/contracts/${contractId}`,
    );
    expect(sent).toMatchObject({ status: 'sent', projectId: hiring.id });
    expect(sent.signers.map((signer) => signer.email)).toEqual(['jane@globex.example']);
    const history = await call<{ items: { action: string; details: string | null }[] }>(
      'GET',
      `/contracts/${contractId}/history`,
    );
    expect(history.items[0]).toMatchObject({
      action: 'created_from_template',
      details: 'Created from template: Consulting Agreement',
    });
  });

  test("says 'Template not found' for a missing template, a contract's id or a malformed one", async ({
    page,
    account,
    call,
  }) => {
    void account;
    const contract = await call<Created>('POST', '/contracts', { title: 'A contract' });
    for (const id of [randomUUID(), contract.id, 'not-an-id']) {
      await page.goto(`/templates/${id}`);
      await expect(page.getByRole('heading', { name: 'Template not found' })).toBeVisible(pageTimeout);
    }
    await page.getByRole('link', { name: 'Back to templates' }).click();
    await expect(page).toHaveURL('/templates');
  });

  test('opens a template from the list, and deletes one after asking', async ({ page, account, call }) => {
    void account;
    const template = await call<Created>('POST', '/contracts', templateBody('Lease Agreement'));
    await page.goto('/templates');
    await page.getByRole('link', { name: 'Lease Agreement' }).click();
    await expect(page).toHaveURL(`/templates/${template.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Template' })).toBeVisible();
    // Opened by its contract address, it is still edited as a template.
    await page.goto(`/contracts/${template.id}`);
    await expect(page).toHaveURL(`/templates/${template.id}`);

    await page.goto('/templates');
    await page.getByRole('button', { name: 'Delete Lease Agreement' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete "Lease Agreement"?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByRole('link', { name: 'Lease Agreement' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Lease Agreement' }).click();
    await confirm.getByRole('button', { name: 'Delete template' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No templates yet')).toBeVisible();
    await page.goto(`/templates/${template.id}`);
    await expect(page.getByRole('heading', { name: 'Template not found' })).toBeVisible(pageTimeout);
  });

  test('fits a phone screen', async ({ page, account, call }) => {
    void account;
    await page.setViewportSize({ width: 390, height: 844 });
    const template = await call<Created>('POST', '/contracts', templateBody('Residential Lease Agreement'));
    await call('POST', '/projects', { name: 'Riverside' });
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto('/templates');
    await expect(page.getByRole('link', { name: 'Residential Lease Agreement' })).toBeVisible();
    await fits();
    await page.screenshot({ path: test.info().outputPath('templates-phone.png'), fullPage: true });

    await page.goto(`/templates/${template.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Template' })).toBeVisible();
    await expect(fieldChip(page, 'amount')).toHaveText('[Amount]');
    await fits();
    await page.screenshot({ path: test.info().outputPath('template-editor-phone.png'), fullPage: true });

    await page.goto('/templates');
    await page.getByRole('button', { name: 'Use template' }).click();
    await page.screenshot({ path: test.info().outputPath('use-template-dialog-phone.png') });
    await page.getByRole('button', { name: 'Create contract' }).click();
    await expect(page.getByRole('region', { name: 'Fill in fields' })).toBeVisible();
    await page.getByRole('region', { name: 'Fill in fields' }).getByLabel('Client name').fill('Globex');
    await expect(page.getByRole('list', { name: 'Roles to fill' }).getByRole('listitem')).toHaveCount(2);
    await fits();
    await page.screenshot({ path: test.info().outputPath('draft-from-template-phone.png'), fullPage: true });

    // A role can be skipped; what is left survives a reload.
    const roles = page.getByRole('list', { name: 'Roles to fill' });
    await roles.getByRole('button', { name: 'Skip the Guarantor' }).click();
    await expect(roles.getByRole('listitem')).toHaveCount(1);
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok()),
      page.getByRole('button', { name: 'Save Draft' }).click(),
    ]);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Fill in fields' }).getByLabel('Client name')).toHaveValue(
      'Globex',
    );
    await expect(roles.getByRole('listitem')).toHaveCount(1);
    await expect(roles).toContainText('Client');
  });

  test('meets WCAG 2.1 AA: the list, the template editor and a draft with fields and roles', async ({
    page,
    account,
    call,
  }) => {
    // Three screens, each scanned by axe-core: over 30 s on a busy machine.
    test.setTimeout(90_000);
    void account;
    const template = await call<Created>('POST', '/contracts', templateBody('Service Agreement'));
    await page.goto('/templates');
    await expect(page.getByRole('link', { name: 'Service Agreement' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto(`/templates/${template.id}`);
    await expect(fieldChip(page, 'amount')).toHaveText('[Amount]');
    expect(await violations(page)).toEqual([]);
    const draft = await call<Created>('POST', `/templates/${template.id}/contracts`, {});
    await page.goto(`/contracts/${draft.id}`);
    await page.getByRole('button', { name: /Fill in fields/ }).click();
    await page.getByRole('region', { name: 'Fill in fields' }).getByLabel('Amount').fill('EUR 100');
    expect(await violations(page)).toEqual([]);
  });

  test("a template's route (kind, order, witness, a role named later, a CC on every contract) comes into Use template", async ({
    page,
    account,
    call,
  }) => {
    void account;
    test.setTimeout(120_000);
    await page.goto('/templates/new');
    await expect(page.getByRole('heading', { name: 'Create Template' })).toBeVisible(pageTimeout);
    await page.getByLabel('Template Title').fill('Board Resolution');
    await page.getByRole('textbox', { name: 'Contract content' }).click();
    await page.keyboard.type('Resolved by the board.');

    const addRole = async (name: string, email?: string) => {
      await page.getByLabel('Role', { exact: true }).fill(name);
      if (email) await page.getByLabel('E-mail (optional)').fill(email);
      await page.getByRole('button', { name: 'Add Role' }).click();
      await expect(page.getByLabel(`Role of ${name}`)).toBeVisible();
    };
    await addRole('Manager');
    await page.getByLabel('Role of Manager').selectOption('approver');
    await addRole('Director');
    await addRole('Witness');
    await page.getByLabel('Role of Witness').selectOption('witness');
    await expect(page.getByLabel('Witness witnesses')).toHaveValue('2');
    await page.getByLabel('Order of Witness').fill('2');
    await addRole('Counterparty signatory');
    await page.getByLabel('Order of Counterparty signatory').fill('3');
    await page.getByLabel('Named later by an earlier role (Counterparty signatory)').check();
    await expect(page.getByLabel('Counterparty signatory is named by')).toHaveValue('1');
    await addRole('Legal', 'legal@acme.example');
    await page.getByLabel('Role of Legal').selectOption('cc');
    await page.getByLabel('Order of Legal').fill('1');
    const roleList = page.getByRole('list', { name: 'Signer roles' });
    await expect(roleList).toContainText('Named by Manager as they act');
    await expect(roleList).toContainText('legal@acme.example, on every contract');
    await page.screenshot({ path: test.info().outputPath('template-route-desktop.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save Template' }).click();
    await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
    const templateId = page.url().split('/').pop() ?? '';
    type Row = {
      name: string;
      email: string | null;
      role: string;
      signingOrder: number;
      witnessOf: number | null;
      namedBy: number | null;
    };
    const stored = await call<{ signers: Row[] }>('GET', `/templates/${templateId}`);
    expect(
      stored.signers.map(({ name, role, signingOrder, witnessOf, namedBy }) => [
        name,
        role,
        signingOrder,
        witnessOf,
        namedBy,
      ]),
    ).toEqual([
      ['Manager', 'approver', 1, null, null],
      ['Director', 'signer', 2, null, null],
      ['Witness', 'witness', 2, 2, null],
      ['Counterparty signatory', 'signer', 3, null, 1],
      ['Legal', 'cc', 1, null, null],
    ]);
    expect(stored.signers[4]?.email).toBe('legal@acme.example');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByLabel('Role of Counterparty signatory')).toBeVisible(pageTimeout);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('template-route-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Use template: the roles without a person ask for theirs; the one named later and the CC come as they are.
    await page.goto('/templates');
    await page.getByRole('button', { name: 'Use template' }).click();
    await page.getByRole('button', { name: 'Create contract' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Contract' })).toBeVisible(pageTimeout);
    const contractId = page.url().split('/').pop() ?? '';
    const toFill = page.getByRole('list', { name: 'Roles to fill' });
    await expect(toFill.getByRole('listitem')).toHaveCount(3);
    await expect(toFill).toContainText('Witness of Director · order 2');
    const signersList = page.getByRole('list', { name: 'Signers' });
    await expect(signersList).toContainText('Named by Manager as they act');
    await expect(signersList).toContainText('legal@acme.example');
    await expect(page.getByLabel('Sign in order, one after another')).toBeChecked();
    await page.screenshot({
      path: test.info().outputPath('draft-from-route-template-desktop.png'),
      fullPage: true,
    });
    const fill = async (role: string, name: string, email: string, button: string) => {
      await toFill.getByRole('button', { name: `Add the ${role}` }).click();
      await expect(page.getByText(`Adding the ${role}`)).toBeVisible();
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: button }).click();
      await expect(signersList.getByText(email)).toBeVisible();
    };
    await fill('Manager', 'Mia Manager', 'mia@acme.example', 'Add Approver');
    await fill('Director', 'Dora Director', 'dora@acme.example', 'Add Signer');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({
      path: test.info().outputPath('draft-from-route-template-phone.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await fill('Witness', 'Walt Witness', 'walt@acme.example', 'Add Witness');
    await expect(toFill).toHaveCount(0);
    await page.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible(sendTimeout);
    const sent = await call<{ status: string; sequential: boolean; signers: Row[] }>(
      'GET',
      `/contracts/${contractId}`,
    );
    expect(sent).toMatchObject({ status: 'sent', sequential: true });
    expect(
      sent.signers.map(({ name, email, role, signingOrder, witnessOf, namedBy }) => [
        name,
        email,
        role,
        signingOrder,
        witnessOf,
        namedBy,
      ]),
    ).toEqual([
      ['Mia Manager', 'mia@acme.example', 'approver', 1, null, null],
      ['Dora Director', 'dora@acme.example', 'signer', 2, null, null],
      ['Walt Witness', 'walt@acme.example', 'witness', 2, 2, null],
      ['Counterparty signatory', null, 'signer', 3, null, 1],
      ['Legal', 'legal@acme.example', 'cc', 1, null, null],
    ]);
    await page.screenshot({
      path: test.info().outputPath('sent-from-route-template-desktop.png'),
      fullPage: true,
    });
  });
});
