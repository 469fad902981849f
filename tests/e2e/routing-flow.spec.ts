import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { consentDisclosure } from '../../src/shared/consent';
import { signingTokenIn } from '../support/smtp-peer';
import { sendTimeout } from './fixtures';
import { expect, test } from './mail-app';
import { latestMail, signedUpPage, signOnPage, waitForMail, walkBar } from './mail-people';
import { addRecipient, axeViolations, copyLinkOf, openAs, openInvitation } from './routing-people';
import { jobTimeout, pageTimeout } from './waits';

const run = promisify(execFile);

// A step that cannot happen fails within half a minute instead of at the end of the long timeout.
test.use({ actionTimeout: 30_000 });

async function pdfText(bytes: Buffer): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-e2e-route-')), 'sealed.pdf');
  await writeFile(file, bytes);
  // In the order the text is drawn: the history table's cells one after another, not its columns
  // merged line by line as pdftotext's reading-order guess does.
  const { stdout } = await run('pdftotext', ['-raw', file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

/** The route picture of the sender's contract page, at a width. */
async function shootRoute(sender: Page, name: string, width: number) {
  await sender.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  const route = sender.getByRole('region', { name: 'Route' });
  await route.scrollIntoViewIfNeeded();
  await route.screenshot({ path: test.info().outputPath(name) });
}

/** A recipient's row on the sender's contract page. */
const rowOf = (sender: Page, name: string) =>
  sender.getByRole('list', { name: 'Signers' }).getByRole('listitem').filter({ hasText: name });

test('a routed contract end to end: approver, two signers together, a signer with a witness, a viewer and a CC; rejected on one copy, delegated, corrected and named on the other', async ({
  browser,
  mailApp,
}) => {
  // Two sends, a dozen people's own browsers, two seals and every mail between them, on a
  // busy two-core machine.
  test.setTimeout(540_000);
  const suffix = `${Date.now()}`;
  const at = (local: string) => `${local}-${suffix}@example.com`;
  const people = {
    ann: at('ann'),
    bob: at('bob'),
    caraTypo: `cara-${suffix}@exmaple.com`,
    cara: at('cara'),
    dee: at('dee'),
    ed: at('ed'),
    wes: at('wes'),
    vi: at('vi'),
    cy: at('cy'),
  };
  const title = `Routed deed ${suffix}`;
  const sender = await signedUpPage(browser, mailApp, {
    name: 'Grace Sender',
    email: at('grace'),
    organizationName: `Route Flow Co ${suffix}`,
  });
  await sender.setViewportSize({ width: 1280, height: 900 });

  await test.step('the organization lets signers hand their turn on', async () => {
    await sender.goto('/settings/signing');
    await sender
      .getByLabel('Hand signing to someone else')
      .selectOption({ label: 'Once (a delegate may not hand it on)' });
    await sender.getByRole('button', { name: 'Save defaults' }).click();
    await expect(sender.getByText('Saved')).toBeVisible();
  });

  await test.step('the sender routes the contract: approver (1), two signers (2, 2), a signer to be named with a witness (3), a viewer, a CC', async () => {
    await sender.goto('/contracts/new');
    await sender.getByLabel('Contract Title').fill(title);
    await sender.getByRole('textbox', { name: 'Contract content' }).click();
    await sender.keyboard.type('The parties sign this deed before a witness.');
    await addRecipient(sender, 'Ann Approver', people.ann, 'Approver');
    await addRecipient(sender, 'Bob Baker', people.bob, 'Signer');
    await addRecipient(sender, 'Cara Cole', people.caraTypo, 'Signer');
    // The counterparty's signatory is not known yet: Cara names them on her signing page.
    await sender.getByLabel('Name', { exact: true }).fill("Client's signatory");
    await sender.getByLabel('Role', { exact: true }).selectOption({ label: 'Signer' });
    await sender.getByLabel('Let an earlier recipient name this person').check();
    await sender.getByLabel('Who names them').selectOption({ label: 'Cara Cole' });
    await sender.getByRole('button', { name: 'Add Signer' }).click();
    await addRecipient(sender, 'Wes Witness', people.wes, 'Witness');
    await addRecipient(sender, 'Vi Viewer', people.vi, 'Viewer');
    await addRecipient(sender, 'Cy Copy', people.cy, 'CC');
    await sender.getByLabel('Sign in order, one after another').check();
    await sender.getByLabel('Order of Cara Cole').fill('2');
    await sender.getByLabel("Order of Client's signatory").fill('3');
    await sender.getByLabel('Order of Wes Witness').fill('3');
    await sender.getByLabel('Order of Vi Viewer').fill('3');
    await sender.getByLabel('Order of Cy Copy').fill('1');
    // A witness added from the form asks whose signature they witness.
    await sender.getByLabel('Wes Witness witnesses').selectOption({ label: "Client's signatory" });
    await sender.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(sender).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, sendTimeout);
    const route = sender.getByRole('region', { name: 'Route' });
    await expect(route).toContainText('Waiting on: Ann Approver (Approver)', pageTimeout);
  });

  // The CC hears of it at once, with nothing in the notice that can act.
  const ccNotice = await waitForMail(mailApp, people.cy, /copied you on/);
  expect(ccNotice.text).not.toMatch(/\/sign\//);
  expect(String(ccNotice.html)).not.toMatch(/\/sign\//);

  await test.step('a group-2 link the sender copies opens on whose turn it is, and the API refuses it', async () => {
    const early = await copyLinkOf(sender, 'Bob Baker');
    await expect(sender.getByRole('list', { name: 'History' })).toContainText(
      `Grace Sender copied a signing link for Bob Baker (${people.bob})`,
    );
    await expect(
      sender.getByText('Select the link above and copy it.').or(sender.getByText('Copied to the clipboard.')),
    ).toBeVisible();
    expect(await axeViolations(sender, '[aria-label="Signers"]')).toEqual([]);
    const signersList = sender.getByRole('list', { name: 'Signers' });
    await signersList.screenshot({ path: test.info().outputPath('copy-link-1280.png') });
    await sender.setViewportSize({ width: 390, height: 844 });
    await signersList.screenshot({ path: test.info().outputPath('copy-link-390.png') });
    await sender.setViewportSize({ width: 1280, height: 900 });
    // A CC has no link: nothing to copy, nothing to remind of.
    const ccRow = rowOf(sender, 'Cy Copy');
    await expect(ccRow.getByRole('button', { name: /Copy the signing link|Remind/ })).toHaveCount(0);
    const waiting = await openAs(browser, mailApp, early);
    await expect(waiting.getByRole('heading', { name: 'It is not your turn yet' })).toBeVisible(pageTimeout);
    await expect(waiting.getByText("It is Ann Approver's turn now.")).toBeVisible();
    await expect(waiting.getByRole('region', { name: 'Route' })).toContainText('you');
    expect(await axeViolations(waiting)).toEqual([]);
    await waiting.setViewportSize({ width: 390, height: 844 });
    await waiting.screenshot({ path: test.info().outputPath('waiting-390.png'), fullPage: true });
    // The page's own session, as a script on it would send it.
    const session = await waiting.request.post(`/api/signing/sessions`, {
      data: { token: early.slice('/sign/'.length) },
      headers: { origin: mailApp.baseURL },
    });
    expect(session.ok(), await session.text()).toBe(true);
    const { signerId, state } = await session.json();
    expect(state).toBe('waiting');
    const signature = await waiting.request.post(`/api/signing/${signerId}/sign`, {
      headers: { origin: mailApp.baseURL },
      data: {
        consentVersion: consentDisclosure.version,
        fields: { fullName: 'Bob Baker' },
        signature: { kind: 'drawn', image: signatureDataUrl() },
      },
    });
    expect(signature.status(), await signature.text()).toBe(409);
    expect((await signature.json()).error.code).toBe('SIGNING_CLOSED');
    await waiting.context().close();
  });

  await test.step('the approver rejects this copy, with a reason: it ends, and the sender sees why', async () => {
    const approver = await openInvitation(browser, mailApp, people.ann);
    await expect(approver.getByText('asks you to approve')).toBeVisible(pageTimeout);
    await approver.getByRole('button', { name: 'Reject' }).click();
    const dialog = approver.getByRole('dialog', { name: 'Reject the document' });
    await dialog.getByLabel('Reason').fill('The fee in clause 2 is wrong');
    expect(await axeViolations(approver)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(approver.getByRole('heading', { name: 'You rejected this document' })).toBeVisible();
    await approver.context().close();
    await sender.reload();
    await expect(sender.getByText('“The fee in clause 2 is wrong”')).toBeVisible(pageTimeout);
    await expect(sender.getByText(/Rejected by Ann Approver/).first()).toBeVisible();
  });

  await test.step('the sender sends a copy of it', async () => {
    await sender.goto('/contracts');
    await sender
      .getByRole('button', { name: `Actions for ${title}` })
      .first()
      .click();
    await sender.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(sender.getByLabel('Contract Title')).toHaveValue(`${title} (copy)`, pageTimeout);
    await sender.getByLabel('Sign in order, one after another').check();
    await expect(sender.getByLabel('Order of Cara Cole')).toHaveValue('2');
    await sender.getByRole('button', { name: 'Send for Signing' }).click();
    await expect(sender).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/, sendTimeout);
    await expect(sender.getByRole('region', { name: 'Route' })).toContainText(
      'Waiting on: Ann Approver (Approver)',
      pageTimeout,
    );
  });

  await test.step('the approver approves the copy: both group-2 signers are invited', async () => {
    const approver = await openInvitation(browser, mailApp, people.ann, 2);
    await approver.getByLabel('I agree to approve electronically').check();
    await walkBar(approver).getByRole('button', { name: 'Approve' }).click();
    await expect(approver.getByRole('heading', { name: 'You have approved this document' })).toBeVisible();
    await approver.context().close();
  });

  const typoInvitation = await waitForMail(mailApp, people.caraTypo, /sent you/);
  await test.step("the sender corrects Cara's mistyped address: the old link is dead", async () => {
    await sender.reload();
    const dialog = sender.getByRole('dialog', { name: 'Correct Cara Cole' });
    // The card is drawn again as the signing state arrives: a click on the row drawn before can be lost.
    await expect(async () => {
      await rowOf(sender, 'Cara Cole').getByRole('button', { name: 'Correct Cara Cole' }).click();
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass(pageTimeout);
    await dialog.getByLabel('E-mail address').fill(people.cara);
    expect(await axeViolations(sender)).toEqual([]);
    await dialog.getByRole('button', { name: 'Correct and invite again' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(sender, 'Cara Cole')).toContainText(people.cara);
    const dead = await openAs(browser, mailApp, `/sign/${signingTokenIn(typoInvitation)}`);
    await expect(dead.getByRole('heading', { name: 'This signing link is not valid' })).toBeVisible(
      pageTimeout,
    );
    await dead.context().close();
  });

  await test.step('Bob hands his turn to Dee; his link then says so, without her address', async () => {
    const bob = await openInvitation(browser, mailApp, people.bob);
    await expect(bob.getByText('asks you to sign')).toBeVisible(pageTimeout);
    await bob.getByRole('button', { name: 'Hand to someone else' }).click();
    const dialog = bob.getByRole('dialog', { name: 'Hand to someone else' });
    await dialog.getByLabel('Their name').fill('Dee Deputy');
    await dialog.getByLabel('Their e-mail address').fill(people.dee);
    await dialog.getByLabel('Reason').fill('On leave this month');
    expect(await axeViolations(bob)).toEqual([]);
    await dialog.getByRole('button', { name: 'Hand it on' }).click();
    await expect(
      bob.getByRole('heading', { name: 'You handed this document to someone else' }),
    ).toBeVisible();
    await bob.reload();
    await expect(bob.getByRole('heading', { name: 'You handed this document to someone else' })).toBeVisible(
      pageTimeout,
    );
    await expect(bob.locator('body')).not.toContainText(people.dee);
    await bob.context().close();

    const dee = await openInvitation(browser, mailApp, people.dee);
    await expect(dee.getByText('asks you to sign')).toBeVisible(pageTimeout);
    await signOnPage(dee, 'Dee Deputy');
    await dee.context().close();
  });

  await test.step("Cara (at her corrected address) names the client's signatory and signs", async () => {
    const cara = await openInvitation(browser, mailApp, people.cara);
    await expect(cara.getByRole('heading', { name: 'Who signs next' })).toBeVisible(pageTimeout);
    await cara.getByLabel("Name of Client's signatory").fill('Ed Engel');
    await cara.getByLabel("E-mail of Client's signatory").fill(people.ed);
    expect(await axeViolations(cara)).toEqual([]);
    await cara.setViewportSize({ width: 390, height: 844 });
    await cara.getByRole('heading', { name: 'Who signs next' }).scrollIntoViewIfNeeded();
    await cara.screenshot({ path: test.info().outputPath('naming-390.png') });
    await cara.setViewportSize({ width: 1280, height: 900 });
    await signOnPage(cara, 'Cara Cole');
    await cara.context().close();
  });

  await test.step('group 3: the named signer and the viewer; the witness after their signer', async () => {
    const ed = await openInvitation(browser, mailApp, people.ed);
    await expect(ed.getByText('asks you to sign')).toBeVisible(pageTimeout);
    expect(mailApp.peer.to(people.wes)).toHaveLength(0);
    await sender.reload();
    await expect(sender.getByRole('region', { name: 'Route' })).toContainText('Ed Engel', pageTimeout);
    await shootRoute(sender, 'route-1280.png', 1280);
    await shootRoute(sender, 'route-390.png', 390);
    await sender.setViewportSize({ width: 1280, height: 900 });
    await signOnPage(ed, 'Ed Engel');
    await ed.context().close();

    const wes = await openInvitation(browser, mailApp, people.wes);
    await expect(wes.getByText('You are witnessing the signature of Ed Engel.')).toBeVisible(pageTimeout);
    await wes.getByLabel('I agree to sign electronically').check();
    expect(await axeViolations(wes)).toEqual([]);
    await signOnPage(wes, 'Wes Witness');
    await wes.context().close();

    const vi = await openInvitation(browser, mailApp, people.vi);
    await expect(vi.getByText('Your part is done: you have viewed it.')).toBeVisible(pageTimeout);
    await vi.context().close();
  });

  await test.step('the CC receives the sealed PDF, whose certificate names every role and step', async () => {
    const completed = await latestMail(mailApp, people.cy, /^Completed/, 1);
    expect(completed.text).not.toMatch(/\/sign\//);
    const sealed = completed.attachments[0]?.content as Buffer;
    expect(sealed.byteLength).toBeGreaterThan(1000);
    await writeFile(test.info().outputPath('sealed.pdf'), sealed);
    const text = await pdfText(sealed);
    // The certificate's Recipients: each with role and group, what they did, and every change.
    for (const line of [
      `Ann Approver <${people.ann}> Approver, group 1: approved`,
      `Bob Baker <${people.bob}> Signer, group 2: delegated to Dee Deputy <${people.dee}>`,
      'On leave this month',
      `Dee Deputy <${people.dee}> Signer, group 2: signed`,
      'Acting for Bob Baker, who delegated to them',
      `Cara Cole <${people.cara}> Signer, group 2: signed`,
      `Corrected from Cara Cole <${people.caraTypo}> to Cara Cole <${people.cara}> by Grace Sender`,
      `Ed Engel <${people.ed}> Signer, group 3: signed`,
      'Named by Cara Cole',
      `Wes Witness <${people.wes}> Witness, group 3: witnessed Ed Engel`,
      `Vi Viewer <${people.vi}> Viewer, group 3: viewed`,
      `Cy Copy <${people.cy}> CC, group 1: copied (CC), notified`,
    ])
      expect(text).toContain(line);
    // And the history: the approval, the turns, the hand-over, the correction, the naming, the witnessing.
    for (const entry of [
      `Approved by Ann Approver (${people.ann})`,
      "Group 2's turn",
      `delegated their turn to Dee Deputy (${people.dee}): On leave this month`,
      `Grace Sender corrected Cara Cole (${people.caraTypo}) to Cara Cole (${people.cara}); earlier links no longer work`,
      `Ed Engel (${people.ed}) named signer by Cara Cole`,
      `Signature of Ed Engel witnessed by Wes Witness (${people.wes})`,
      `Opened by Vi Viewer (${people.vi}), viewer: their part is done`,
    ])
      expect(text).toContain(entry);

    await sender.reload();
    await expect(sender.getByRole('region', { name: 'Route' })).toContainText(
      'Everyone has done their part.',
      jobTimeout,
    );
    await shootRoute(sender, 'route-done-1280.png', 1280);
    await shootRoute(sender, 'route-done-390.png', 390);
  });
});
