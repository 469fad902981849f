import { sendTimeout } from './fixtures';
import { expect, test } from './mail-app';
import { signedUpPage, signOnPage } from './mail-people';
import { addRecipient, axeViolations, openInvitation } from './routing-people';
import { jobTimeout, pageTimeout } from './waits';

const screenshots = process.env.PDF_SCREENSHOTS;

/**
 * The sender changes who takes part while a contract is out, from the Signers card: a recipient
 * joins a group not reached yet, and one who has not acted is taken off. The route follows.
 */
test('a recipient added to a later group is invited in their turn; one removed is not', async ({
  browser,
  mailApp,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now()}`;
  const sender = await signedUpPage(browser, mailApp, {
    name: 'Grace Sender',
    email: `grace-${suffix}@example.com`,
    organizationName: `Changes Co ${suffix}`,
  });
  const ann = `ann-${suffix}@example.com`;
  const bob = `bob-${suffix}@example.com`;
  const cara = `cara-${suffix}@example.com`;

  await sender.setViewportSize({ width: 1280, height: 900 });
  await sender.goto('/contracts/new');
  await sender.getByLabel('Contract Title').fill('Supply deal with changes');
  await sender.getByRole('textbox', { name: 'Contract content' }).click();
  await sender.keyboard.type('The supplier delivers every month.');
  await addRecipient(sender, 'Ann Archer', ann, 'Signer');
  await addRecipient(sender, 'Bob Baker', bob, 'Signer');
  await sender.getByLabel('Sign in order, one after another').check();
  await expect(sender.getByLabel('Order of Bob Baker')).toHaveValue('2');
  await sender.getByRole('button', { name: 'Send for Signing' }).click();
  await expect(sender).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, sendTimeout);
  await expect(sender.getByRole('region', { name: 'Route' })).toContainText(
    'Waiting on: Ann Archer',
    pageTimeout,
  );

  // Cara joins group 2, beside Bob: a group whose turn has not come.
  await sender.getByRole('button', { name: 'Add recipient' }).click();
  const add = sender.getByRole('dialog', { name: 'Add a recipient' });
  await add.getByLabel('Name').fill('Cara Cole');
  await add.getByLabel('E-mail address').fill(cara);
  await expect(add.getByLabel('Order number')).toHaveValue('2');
  expect(await axeViolations(sender, '[role="dialog"]')).toEqual([]);
  if (screenshots) await sender.screenshot({ path: `${screenshots}/add-recipient-1280.png` });
  await add.getByRole('button', { name: 'Add recipient', exact: true }).click();
  await expect(add).toBeHidden(pageTimeout);
  const signers = sender.getByRole('list', { name: 'Signers' });
  await expect(signers).toContainText('Cara Cole', pageTimeout);
  await expect(sender.getByRole('region', { name: 'Route' })).toContainText('Cara Cole');

  // A group already reached cannot take anyone: the server's reason shows in the dialog.
  await sender.getByRole('button', { name: 'Add recipient' }).click();
  await add.getByLabel('Name').fill('Late Larry');
  await add.getByLabel('E-mail address').fill(`larry-${suffix}@example.com`);
  await add.getByLabel('Order number').fill('1');
  await add.getByRole('button', { name: 'Add recipient', exact: true }).click();
  await expect(add.getByRole('alert')).toBeVisible(pageTimeout);
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(signers).not.toContainText('Late Larry');

  // Bob, who has not acted, is taken off.
  await sender.setViewportSize({ width: 390, height: 844 });
  await sender.getByRole('button', { name: 'Remove Bob Baker' }).click();
  const remove = sender.getByRole('dialog', { name: 'Remove Bob Baker' });
  await expect(remove.getByLabel('Their fields, if they have any, go to')).toBeVisible();
  expect(await axeViolations(sender, '[role="dialog"]')).toEqual([]);
  if (screenshots) await sender.screenshot({ path: `${screenshots}/remove-recipient-390.png` });
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(remove).toBeHidden(pageTimeout);
  await expect(signers).not.toContainText('Bob Baker', pageTimeout);
  if (screenshots)
    await sender.screenshot({ path: `${screenshots}/signers-after-changes-390.png`, fullPage: true });
  await sender.setViewportSize({ width: 1280, height: 900 });

  // Ann signs; then Cara is invited, and Bob never is.
  const first = await openInvitation(browser, mailApp, ann);
  await signOnPage(first, 'Ann Archer');
  const joined = await openInvitation(browser, mailApp, cara);
  await signOnPage(joined, 'Cara Cole');
  await sender.reload();
  await expect(sender.getByRole('region', { name: 'Route' })).toContainText(
    'Everyone has done their part.',
    jobTimeout,
  );
  expect(mailApp.peer.to(bob).filter((mail) => /sent you/.test(mail.subject ?? ''))).toHaveLength(0);
});
