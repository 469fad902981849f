import { sendTimeout } from './fixtures';
import { expect, test } from './mail-app';
import { signedUpPage, signOnPage, walkBar } from './mail-people';
import { addRecipient, axeViolations, copyLinkOf, openAs, openInvitation, tabTo } from './routing-people';
import { pageTimeout } from './waits';

const screenshots = process.env.PDF_SCREENSHOTS;

test.describe('routing', () => {
  test('an approver, then two signers together, then a CC: the route is drawn and followed', async ({
    browser,
    mailApp,
  }) => {
    test.setTimeout(150_000);
    const suffix = `${Date.now()}`;
    const sender = await signedUpPage(browser, mailApp, {
      name: 'Grace Sender',
      email: `grace-${suffix}@example.com`,
      organizationName: `Routing Co ${suffix}`,
    });
    const ann = `ann-${suffix}@example.com`;
    const bob = `bob-${suffix}@example.com`;
    const cara = `cara-${suffix}@example.com`;
    const dana = `dana-${suffix}@example.com`;

    await sender.setViewportSize({ width: 1280, height: 900 });
    await sender.goto('/contracts/new');
    await sender.getByLabel('Contract Title').fill('Routed supply deal');
    await sender.getByRole('textbox', { name: 'Contract content' }).click();
    await sender.keyboard.type('The supplier delivers every month.');
    await addRecipient(sender, 'Ann Approver', ann, 'Approver');
    await addRecipient(sender, 'Bob Baker', bob, 'Signer');
    await addRecipient(sender, 'Cara Cole', cara, 'Signer');
    await addRecipient(sender, 'Dana Copy', dana, 'CC');

    // Sent in order, each gets an order number; Bob and Cara share 2 and receive together.
    await sender.getByLabel('Sign in order, one after another').check();
    await expect(sender.getByText('Equal order numbers receive together')).toBeVisible();
    await expect(sender.getByLabel('Order of Ann Approver')).toHaveValue('1');
    await sender.getByLabel('Order of Cara Cole').fill('2');
    await sender.getByLabel('Order of Dana Copy').fill('3');
    // The role select is reached by keyboard.
    await sender.getByLabel('Contract Title').focus();
    await tabTo(sender, sender.getByLabel('Role of Bob Baker'));
    expect(await axeViolations(sender)).toEqual([]);

    await sender.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(sender).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, sendTimeout);
    const route = sender.getByRole('region', { name: 'Route' });
    await expect(route.getByRole('heading', { name: 'Step 1' })).toBeVisible();
    await expect(route.getByRole('heading', { name: /Step 2/ })).toContainText('together');
    await expect(route.getByRole('heading', { name: 'Step 3' })).toBeVisible();
    await expect(route).toContainText('Waiting on: Ann Approver (Approver)');
    await expect(route.getByRole('listitem').filter({ hasText: 'Ann Approver' }).last()).toContainText(
      'Acting now',
    );
    await expect(route.getByRole('listitem').filter({ hasText: 'Bob Baker' }).last()).toContainText(
      'Signer · Waiting',
    );
    // The new picture (the cards around it are checked by their own specs).
    expect(await axeViolations(sender, '[data-route-picture]')).toEqual([]);
    if (screenshots) {
      await route.screenshot({ path: `${screenshots}/route-contract-1280.png` });
      await sender.screenshot({ path: `${screenshots}/route-contract-page-1280.png`, fullPage: true });
      await sender.setViewportSize({ width: 390, height: 844 });
      await route.scrollIntoViewIfNeeded();
      await route.screenshot({ path: `${screenshots}/route-contract-390.png` });
      await sender.setViewportSize({ width: 1280, height: 900 });
    }

    // Only the approver is invited; the signers of step 2 are not mailed yet.
    const approver = await openInvitation(browser, mailApp, ann);
    expect(mailApp.peer.to(bob)).toHaveLength(0);

    // A step-2 link the sender copies now opens on whose turn it is.
    const early = await copyLinkOf(sender, 'Bob Baker');
    const waiting = await openAs(browser, mailApp, early);
    await expect(waiting.getByRole('heading', { name: 'It is not your turn yet' })).toBeVisible(pageTimeout);
    await expect(waiting.getByText("It is Ann Approver's turn now.")).toBeVisible();
    await expect(waiting.getByRole('region', { name: 'Route' })).toContainText('you');
    expect(await axeViolations(waiting)).toEqual([]);
    if (screenshots) {
      await waiting.setViewportSize({ width: 390, height: 844 });
      await waiting.screenshot({ path: `${screenshots}/route-waiting-390.png`, fullPage: true });
    }
    await waiting.context().close();

    // The approver reads, consents and approves; Approve and Reject are reached by keyboard.
    await expect(approver.getByText('asks you to approve')).toBeVisible();
    await expect(approver.getByRole('button', { name: 'Reject' })).toBeVisible();
    await approver.getByLabel('I agree to approve electronically').focus();
    await tabTo(approver, approver.getByRole('button', { name: 'Reject' }));
    await approver.getByLabel('I agree to approve electronically').check();
    expect(await axeViolations(approver)).toEqual([]);
    if (screenshots)
      await approver.screenshot({ path: `${screenshots}/route-approver-1280.png`, fullPage: true });
    const approve = walkBar(approver).getByRole('button', { name: 'Approve' });
    await tabTo(approver, approve);
    await approver.keyboard.press('Enter');
    await expect(approver.getByRole('heading', { name: 'You have approved this document' })).toBeVisible();

    // Step 2: both signers are invited together.
    const first = await openInvitation(browser, mailApp, bob);
    await first.getByText('Who else takes part').click();
    await expect(first.getByRole('region', { name: 'Route' })).toContainText('Approved ✓');
    await signOnPage(first, 'Bob Baker');
    const second = await openInvitation(browser, mailApp, cara);
    await signOnPage(second, 'Cara Cole');

    // The sender's page shows everyone done. (The CC's notice is the server's mail job's to check.)
    void dana;
    await sender.reload();
    await expect(sender.getByRole('region', { name: 'Route' })).toContainText(
      'Everyone has done their part.',
    );
  });
});
