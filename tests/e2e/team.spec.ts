import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accessLinkFor } from './server-log';

let addressCounter = 0;

/** The browser's requests come from an address of their own, like a separate person's. */
async function ownAddress(page: Page): Promise<void> {
  addressCounter += 1;
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `192.168.${(process.pid % 200) + addressCounter}.${Math.floor(Math.random() * 250) + 1}`,
  });
}

/** A full-page screenshot at desktop width and at 390 px, with no sideways scroll on the phone. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

/** axe-core's WCAG 2.1 A and AA rules on the page as it is now. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

type Outbox = { items: { kind: string; to: { email: string }; text: string | null }[] };

/**
 * The invitation link mailed to that e-mail: the e2e server has no SMTP and runs in demo mode,
 * so it is in the server's log; the outbox shows the mail without it.
 */
async function invitationPath(call: <T>(method: 'GET', path: string) => Promise<T>, email: string) {
  let text = '';
  await expect
    .poll(
      async () => {
        const outbox = await call<Outbox>('GET', '/mail/outbox');
        text =
          outbox.items.find((item) => item.kind === 'team_invitation' && item.to.email === email)?.text ?? '';
        return text;
      },
      { timeout: 15_000 },
    )
    .toContain('Accept the invitation: (the link went only to the recipient and is not kept here)');
  expect(text).not.toContain('/invitations/');
  return accessLinkFor(email, 'invitations');
}

async function invite(page: Page, email: string, role: 'Admin' | 'Member' = 'Member'): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
}

test.describe('team', () => {
  test('invites someone who signs up through the link, joins, gets a role and is removed', async ({
    page,
    browser,
    account,
    call,
  }) => {
    // Two browsers, a sign-up with its password hashing, screenshots at two widths and two axe
    // scans: about half a minute on a busy machine, more than the default.
    test.setTimeout(90_000);
    const suffix = randomUUID().slice(0, 8);
    const invitee = { name: `Grace Invitee ${suffix}`, email: `grace-${suffix}@example.com` };

    await page.goto('/team');
    await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    const members = page.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect(members).toHaveCount(1);
    await expect(members.first()).toContainText(account.name);
    await expect(members.first()).toContainText('You');
    await expect(members.first()).toContainText(account.email);
    await expect(members.first()).toContainText(/Joined \w{3} \d{1,2}, \d{4}/);
    await expect(page.getByLabel(`Role of ${account.name}`)).toHaveValue('admin');
    await expect(page.getByText('No pending invitations. Invite someone above.')).toBeVisible();

    await invite(page, invitee.email);
    const pending = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem');
    await expect(pending).toHaveCount(1);
    await expect(pending.first()).toContainText(invitee.email);
    await expect(pending.first()).toContainText(`Invited by ${account.name}`);
    // The same address twice: said under the field.
    await page.getByLabel('Email address').fill(invitee.email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByText(`${invitee.email} has already been invited`)).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, 'team-admin-invited');
    expect(await violations(page)).toEqual([]);

    const path = await invitationPath(call, invitee.email);

    // The invitee opens the link in a browser of their own, signed out.
    const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await fresh.newPage();
    await ownAddress(other);
    await other.goto(path);
    await expect(other.getByRole('heading', { name: `Join ${account.organizationName}` })).toBeVisible();
    await expect(other.getByText(`${account.name} invited ${invitee.email} to join`)).toBeVisible();
    const next = encodeURIComponent(path);
    await expect(other.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
      'href',
      `/login?next=${next}`,
    );
    await shoot(other, 'invitation-signed-out');
    expect(await violations(other)).toEqual([]);

    // Creates the account right there (the link came to the invited address, so no other mail), and joins.
    const form = other.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Name', { exact: true }).fill(invitee.name);
    await form.getByLabel('Password').fill('password1');
    await form.getByRole('button', { name: 'Create account and join' }).click();
    await expect(form.getByText('This password is too common and easy to guess.')).toBeVisible();
    await form.getByLabel('Password').fill('correct horse battery staple');
    await shoot(other, 'invitation-sign-up');
    await form.getByRole('button', { name: 'Create account and join' }).click();
    await expect(other).toHaveURL('/dashboard');
    await expect(other.getByText(`Welcome back, ${invitee.name}`)).toBeVisible();
    await expect(other.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
    const me = await (await other.request.get('/api/auth/me')).json();
    expect(me.user.organization.name).toBe(account.organizationName);
    expect(me.user.role).toBe('member');

    // The link has done its work.
    await other.goto(path);
    await expect(
      other.getByRole('heading', { name: 'This invitation has already been accepted' }),
    ).toBeVisible();

    // The new member sees the team, read-only.
    await other.goto('/team');
    await expect(other.getByRole('note')).toContainText(
      'Only an admin can invite people, change roles or remove members.',
    );
    const seen = other.getByRole('list', { name: 'Members' }).getByRole('listitem');
    await expect(seen).toHaveCount(2);
    await expect(seen.nth(1)).toContainText('You');
    await expect(other.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);
    await expect(other.getByRole('combobox')).toHaveCount(0);
    await expect(other.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await shoot(other, 'team-member-view');
    expect(await violations(other)).toEqual([]);

    // The admin sees the new member and changes their role.
    await page.reload();
    await expect(members).toHaveCount(2);
    await expect(page.getByText('No pending invitations. Invite someone above.')).toBeVisible();
    const role = page.getByLabel(`Role of ${invitee.name}`);
    await expect(role).toHaveValue('member');
    await role.selectOption('admin');
    await expect(role).toBeEnabled();
    await page.reload();
    await expect(page.getByLabel(`Role of ${invitee.name}`)).toHaveValue('admin');
    await page.getByLabel(`Role of ${invitee.name}`).selectOption('member');
    await expect(page.getByLabel(`Role of ${invitee.name}`)).toBeEnabled();

    // The last admin can neither step down nor leave.
    const own = page.getByLabel(`Role of ${account.name}`);
    await own.selectOption('member');
    await expect(page.getByRole('alert')).toHaveText('An organization needs at least one admin');
    await expect(own).toHaveValue('admin');
    await shoot(page, 'team-last-admin-role');
    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `Leave ${account.organizationName}?` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('An organization needs at least one admin');
    await shoot(page, 'team-last-admin-leave');
    await dialog.getByRole('button', { name: 'Keep it' }).click();

    // Removing the member ends their session in this organization.
    await page.getByRole('button', { name: `Remove ${invitee.name}` }).click();
    await expect(dialog.getByRole('heading', { name: `Remove ${invitee.name}?` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await expect(dialog).toBeHidden();
    await expect(members).toHaveCount(1);
    expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    await fresh.close();
  });

  test('an invitation link explains the wrong account, a revoked invitation and an unknown link', async ({
    page,
    browser,
    account,
    call,
  }) => {
    const email = `someone-${randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/team');
    await invite(page, email, 'Admin');
    const path = await invitationPath(call, email);

    // The admin is signed in, but as someone else.
    await page.goto(path);
    await expect(page.getByRole('heading', { name: `Join ${account.organizationName}` })).toBeVisible();
    await expect(
      page.getByText(`You are signed in as ${account.email}, but this invitation is for ${email}`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await shoot(page, 'invitation-wrong-account');

    await page.goto('/team');
    await page.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
    await expect(page.getByText('No pending invitations. Invite someone above.')).toBeVisible();

    const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await fresh.newPage();
    await other.goto(path);
    await expect(other.getByRole('heading', { name: 'This invitation was withdrawn' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
    await shoot(other, 'invitation-revoked');
    await other.goto(`/invitations/${'A'.repeat(43)}`);
    await expect(other.getByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();
    await fresh.close();
  });
});
