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
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Approvals' });
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
    await expect(card.getByTestId('approval-state')).toHaveText('Approval needed');
    await memberPage.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(memberPage.getByRole('alert').filter({ hasText: 'needs approval' })).toContainText(
      `request it from ${account.name}`,
    );

    await card.getByRole('button', { name: 'Request approval' }).click();
    await expect(card.getByTestId('approval-state')).toHaveText('Waiting for approval');
    await expect(card.getByText(`waiting for ${account.name}`)).toBeVisible();
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
    await page.goto('/settings');
    const phoneSection = page.getByRole('region', { name: 'Approvals' });
    // The member's draft made the first project, which can have a rule of its own.
    await expect(phoneSection.getByLabel('Applies to').locator('option')).toHaveText(['Project “General”']);
    await expect(phoneSection.getByRole('checkbox', { name: 'Dana Drafter' })).toBeVisible();
    await phoneSection.screenshot({ path: test.info().outputPath('rules-390.png') });

    // The member sends it now.
    await memberPage.reload();
    await expect(card.getByTestId('approval-state')).toHaveText('Approved');
    await memberPage.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(memberPage.getByText('Sent', { exact: true })).toBeVisible(sendTimeout);
    await member.close();
  });
});
