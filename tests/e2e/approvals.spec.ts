import { randomUUID } from 'node:crypto';
import { expect, jobTimeout, sendTimeout, test } from './fixtures';
import { memberContext } from './team-member';

test.describe('approvals', () => {
  test('an admin sets a rule; a member drafts; sending waits for the approver, who approves in another browser', async ({
    browser,
    page,
    account,
    call,
  }) => {
    test.setTimeout(120_000);
    // The admin makes themselves the approver of every contract.
    await page.goto('/settings/approvals');
    const section = page.getByRole('region', { name: 'Approval rules' });
    await expect(section.getByText('No rules: every contract can be sent without approval.')).toBeVisible();
    await section.getByLabel('Applies to').selectOption({ label: 'Every contract' });
    await section.getByRole('checkbox', { name: account.name }).check();
    await section.getByRole('button', { name: 'Add rule' }).click();
    const rules = section.getByRole('list', { name: 'Approval rules' });
    await expect(rules.getByText('Every contract')).toBeVisible();
    await expect(rules.getByText(`Approved by ${account.name}`)).toBeVisible();
    // Every contract has its rule, and a new organization has no project yet: nothing more to add.
    await expect(section.getByRole('button', { name: 'Add rule' })).toHaveCount(0);
    await section.screenshot({ path: test.info().outputPath('rules-1280.png') });

    // A member drafts a contract and tries to send it.
    const member = await memberContext(browser, call, 'Dana Drafter');
    const memberPage = await member.newPage();
    const created = await member.request.post('/api/contracts', {
      data: {
        title: 'Consulting Agreement',
        signers: [{ name: 'Sam Signer', email: `sam-${randomUUID().slice(0, 8)}@example.com` }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await memberPage.goto(`/contracts/${id}`);
    const card = memberPage.getByRole('region', { name: 'Approvals' });
    // The editor's scripts take a while to arrive in a new browser on a busy machine.
    await expect(card.getByTestId('approval-state')).toHaveText('Approval needed', { timeout: 30_000 });
    // Sending is not offered while the approval is missing, and the button says why.
    const send = memberPage.getByRole('button', { name: 'Send for Signing' });
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription(
      `This contract needs approval before it is sent: request it from ${account.name}.`,
    );

    await card.getByRole('button', { name: 'Request approval' }).click();
    await expect(card.getByTestId('approval-state')).toHaveText('Waiting for approval');
    await expect(card.getByText(`waiting for ${account.name}`)).toBeVisible();
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription(/waiting for/);
    await memberPage.screenshot({ path: test.info().outputPath('waiting-1280.png'), fullPage: true });

    // The approver was told (bell) and approves with a comment in their own browser.
    await expect
      .poll(async () => {
        const list = await call<{ items: { message: string }[] }>('GET', '/notifications');
        return list.items.map((item) => item.message).join('\n');
      }, jobTimeout)
      .toContain('Dana Drafter asks you to approve "Consulting Agreement"');
    await page.goto(`/contracts/${id}`);
    const approverCard = page.getByRole('region', { name: 'Approvals' });
    await approverCard.getByLabel('Comment').fill('Terms checked.');
    await approverCard.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(approverCard.getByTestId('approval-state')).toHaveText('Approved');
    await expect(approverCard.getByText('Terms checked.')).toBeVisible();

    // On a phone, the approver's card reads well.
    await page.setViewportSize({ width: 390, height: 844 });
    await approverCard.scrollIntoViewIfNeeded();
    await approverCard.screenshot({ path: test.info().outputPath('approved-card-390.png') });
    await page.goto('/settings/approvals');
    const phoneSection = page.getByRole('region', { name: 'Approval rules' });
    // The member's draft made the first project, which can have a rule of its own.
    await expect(phoneSection.getByLabel('Applies to').locator('option')).toHaveText(['Project “General”']);
    await expect(phoneSection.getByRole('checkbox', { name: 'Dana Drafter' })).toBeVisible();
    await phoneSection.screenshot({ path: test.info().outputPath('rules-390.png') });

    // The member sends it now.
    await memberPage.reload();
    await expect(card.getByTestId('approval-state')).toHaveText('Approved');
    await expect(send).toHaveAccessibleDescription('');
    await send.click();
    await expect(memberPage.getByText('Sent', { exact: true })).toBeVisible(sendTimeout);
    await member.close();
  });

  test('a change made while the approver reads is shown again before they decide; the draft stays in its project', async ({
    browser,
    page,
    account,
    call,
  }) => {
    test.setTimeout(120_000);
    const doc = (text: string) => ({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });
    // The admin's project Sales asks the admin's approval; Other asks nothing.
    const sales = await call<{ id: string }>('POST', '/projects', { name: 'Sales' });
    await call('POST', '/projects', { name: 'Other' });
    const me = await call<{ user: { id: string } }>('GET', '/auth/me');
    await call('POST', '/approval-rules', { projectId: sales.id, approverIds: [me.user.id] });

    // A member drafts "Price: 100k" in Sales and asks for approval.
    const member = await memberContext(browser, call, 'Mia Member');
    const created = await member.request.post('/api/contracts', {
      data: {
        title: 'Supply Agreement',
        projectId: sales.id,
        content: doc('Price: 100k'),
        signers: [{ name: 'Sam Signer', email: `sam-${randomUUID().slice(0, 8)}@example.com` }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await member.request.post(`/api/contracts/${id}/approval/request`)).status()).toBe(200);

    // The approver reads it and writes why they reject it...
    await page.goto(`/contracts/${id}`);
    const body = page.getByRole('textbox', { name: 'Contract content' });
    // The editor's scripts take a while to arrive on a busy machine.
    await expect(body).toContainText('Price: 100k', { timeout: 30_000 });
    const card = page.getByRole('region', { name: 'Approvals' });
    await card.getByLabel('Comment').fill('100k is above the budget.');
    // ...while the member changes the price.
    const changed = await member.request.patch(`/api/contracts/${id}`, {
      data: { content: doc('Price: 1 EUR') },
    });
    expect(changed.status(), await changed.text()).toBe(200);

    // Their decision is refused: the editor shows the new text, their comment is still there.
    await card.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(card.getByRole('alert')).toContainText(
      'This contract changed since you opened it (Mia Member',
    );
    await expect(card.getByRole('alert')).toContainText('Nothing was decided: read it again');
    await expect(body).toContainText('Price: 1 EUR', { timeout: 30_000 });
    await expect(card.getByLabel('Comment')).toHaveValue('100k is above the budget.');
    await expect(card.getByTestId('approval-state')).toHaveText('Waiting for approval');
    await card.screenshot({ path: test.info().outputPath('changed-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: test.info().outputPath('changed-390.png') });

    // Read again, they approve what is there now.
    await card.getByLabel('Comment').fill('1 EUR is fine.');
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(card.getByTestId('approval-state')).toHaveText('Approved');
    await expect(card.getByRole('alert')).toHaveCount(0);

    // The member cannot move the draft out of Sales: no picker, and the reason.
    const memberPage = await member.newPage();
    await memberPage.goto(`/contracts/${id}`);
    const details = memberPage.getByText('Contract Details').locator('..');
    await expect(details.getByText(`Only an admin or ${account.name} can move this draft`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(memberPage.locator('select#contract-project')).toHaveCount(0);
    await expect(memberPage.locator('#contract-project')).toHaveText('Sales');
    await details.screenshot({ path: test.info().outputPath('project-lock-1280.png') });
    await memberPage.setViewportSize({ width: 390, height: 844 });
    await details.scrollIntoViewIfNeeded();
    await details.screenshot({ path: test.info().outputPath('project-lock-390.png') });
    // The approver (here the admin) still has the picker.
    await page.goto(`/contracts/${id}`);
    await expect(page.locator('select#contract-project')).toHaveValue(sales.id);
    await member.close();
  });
});
