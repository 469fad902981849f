import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { expect, test } from './fixtures';

type Project = { id: string; name: string };
type Contract = { id: string; title: string };
type Call = <T>(method: 'POST' | 'GET' | 'PATCH', path: string, data?: unknown) => Promise<T>;

const today = () => format(new Date(), 'MMM d, yyyy');

/** The whole page; with a dialog open, the window (the dialog is fixed to it). */
async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

async function createContract(call: Call, projectId: string, title: string, signer = 'grace') {
  return call<Contract>('POST', '/contracts', {
    title,
    projectId,
    signers: [{ name: 'Grace Hopper', email: `${signer}@example.com` }],
  });
}

test.describe('projects', () => {
  test('shows the empty state, reached from the shell and the dashboard', async ({ page, account }) => {
    void account;
    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: 'Recent Projects' })
      .getByRole('link', { name: 'View all' })
      .click();
    await expect(page).toHaveURL('/projects');
    await expect(page).toHaveTitle('Projects · Pactum');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expect(main.getByText('No projects yet')).toBeVisible();
    await expect(main.getByText('Create your first project to get started')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Create Project' })).toHaveAttribute('href', '/projects/new');
    await expect(main.getByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/projects/new');
    await expectAccessible(page);
    await shoot(page, 'projects-empty-desktop');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL('/projects');
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'New Project' })
      .click();
    await expect(page).toHaveURL('/projects/new');
    await expect(page.getByRole('heading', { name: 'New Project', level: 1 })).toBeVisible();

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Create Project' }).click();
    await expect(page).toHaveURL('/projects/new');
  });

  test('creates a project through the form, and the sidebar lists it at once', async ({ page, account }) => {
    void account;
    await page.goto('/projects');
    await page.getByRole('main').getByRole('link', { name: 'New Project' }).click();
    await expect(page).toHaveURL('/projects/new');
    await expect(page).toHaveTitle('New Project · Pactum');

    // Cancel goes back where the user came from.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/projects');
    await page.getByRole('main').getByRole('link', { name: 'New Project' }).click();

    // The name is required: the server says so, next to the field.
    const name = page.getByLabel('Name');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByText('Project name is required')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/projects/new');
    await expectAccessible(page);
    await shoot(page, 'project-new-error-desktop');

    await name.fill('Riverside Lease');
    await expect(page.getByText('Project name is required')).toBeHidden();
    await page.getByLabel('Description').fill('Office lease for the Riverside building, with its annexes.');
    // The sidebar's list is held back until the end of the check: the new project shows from the
    // create's answer itself, not from a fetch of the list.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/projects', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Riverside Lease', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Riverside Lease · Pactum');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Riverside Lease' })).toBeVisible({ timeout: 2_000 });
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const main = page.getByRole('main');
    await expect(main.getByText('Office lease for the Riverside building, with its annexes.')).toBeVisible();
    await expect(main.getByText(`Created ${today()}`)).toBeVisible();
    await expect(main.getByText('0 contracts')).toBeVisible();
    for (const key of ['draft', 'sent', 'signed', 'expired'])
      await expect(page.getByTestId(`count-${key}`)).toHaveText('0');
    await expect(main.getByText('No contracts yet')).toBeVisible();

    // Back: the project is there, and the form is not (the create replaced it in the history).
    await page.goBack();
    await expect(page).toHaveURL('/projects');
    const card = main.getByRole('link', { name: /Riverside Lease/ });
    await expect(card).toContainText(`Created ${today()}`);
    await expect(card).toContainText('0 contracts');
  });

  test("shows a project's counts and contracts, canceled under Expired, with Load more", async ({
    page,
    account,
    call,
  }) => {
    // Fourteen contracts made and two sent (each send renders a PDF): a long flow on a busy machine.
    test.setTimeout(120_000);
    void account;
    const project = await call<Project>('POST', '/projects', {
      name: 'Harbor Expansion',
      description:
        'Construction, supply and consulting agreements for the harbor expansion: every contract with the port authority, the contractors and the engineering firms, kept in one place so the team sees where each one stands.',
    });
    const other = await call<Project>('POST', '/projects', { name: 'Elsewhere' });
    await createContract(call, other.id, 'Not in this project');
    const drafts: Contract[] = [];
    for (let n = 1; n <= 12; n += 1)
      drafts.push(await createContract(call, project.id, `Supply agreement ${String(n).padStart(2, '0')}`));
    const sent = await createContract(call, project.id, 'Dredging contract', 'dredge');
    await call('POST', `/contracts/${sent.id}/send`, { sequential: false });
    const canceled = await createContract(call, project.id, 'Crane rental', 'crane');
    await call('POST', `/contracts/${canceled.id}/send`, { sequential: false });
    await call('POST', `/contracts/${canceled.id}/cancel`, { reason: 'Supplier went out of business' });

    await page.goto('/projects');
    const card = page.getByRole('main').getByRole('link', { name: /Harbor Expansion/ });
    await expect(card).toHaveAttribute('href', `/projects/${project.id}`);
    await expect(card).toContainText('14 contracts');
    await expect(card).toContainText(`Created ${today()}`);
    await expect(card.locator('p').first()).toHaveCSS('-webkit-line-clamp', '2');
    await shoot(page, 'projects-list-desktop');
    await card.click();

    await expect(page).toHaveURL(`/projects/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Harbor Expansion', level: 1 })).toBeVisible();
    await expect(page.getByTestId('count-draft')).toHaveText('12');
    await expect(page.getByTestId('count-sent')).toHaveText('1');
    await expect(page.getByTestId('count-signed')).toHaveText('0');
    await expect(page.getByTestId('count-expired')).toHaveText('1');
    const contracts = page.getByRole('region', { name: 'Contracts', exact: true }).getByRole('link');
    await expect(contracts).toHaveCount(12);
    // Newest updated first: the canceled one, then the sent one, then the drafts.
    await expect(contracts.first()).toHaveAttribute('href', `/contracts/${canceled.id}`);
    await expect(contracts.first()).toContainText('Canceled');
    await expect(contracts.nth(1)).toContainText('Sent');
    await expect(contracts.nth(1)).toContainText('Not signed');
    await expectAccessible(page);
    await shoot(page, 'project-desktop');

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(contracts).toHaveCount(14);
    await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();
    await expect(contracts.last()).toHaveAttribute('href', `/contracts/${drafts[0]?.id}`);
    await expect(page.getByRole('main').getByText('Not in this project')).toBeHidden();

    // The dashboard shows the same project cards.
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Recent Projects' })).toContainText('Harbor Expansion');
    await shoot(page, 'dashboard-desktop');
  });

  test('New Contract starts a contract in the project', async ({ page, account, call }) => {
    void account;
    await call<Project>('POST', '/projects', { name: 'Alpha' });
    const beta = await call<Project>('POST', '/projects', { name: 'Beta' });
    await page.goto(`/projects/${beta.id}`);
    await page.getByRole('link', { name: 'New Contract' }).click();
    await expect(page).toHaveURL(`/contracts/new?projectId=${beta.id}`);
    await expect(page.getByLabel('Project', { exact: true })).toHaveValue(beta.id);
  });

  test('edits the name and description', async ({ page, account, call }) => {
    void account;
    const project = await call<Project>('POST', '/projects', { name: 'Old name', description: 'Old text' });
    await page.goto(`/projects/${project.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit project' });
    await expect(dialog.getByLabel('Name')).toHaveValue('Old name');
    await expect(dialog.getByLabel('Description')).toHaveValue('Old text');
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Project name is required')).toBeVisible();
    await shoot(page, 'project-edit-error-desktop', false);

    await dialog.getByLabel('Name').fill('Northwind Renewal');
    await dialog.getByLabel('Description').fill('The 2027 renewal of the Northwind supply agreement.');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Northwind Renewal', level: 1 })).toBeVisible();
    await expect(page.getByText('The 2027 renewal of the Northwind supply agreement.')).toBeVisible();
    await expect(page).toHaveTitle('Northwind Renewal · Pactum');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Northwind Renewal' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Old name' })).toBeHidden();

    // Saved on the server, not only on the screen.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Northwind Renewal', level: 1 })).toBeVisible();
  });

  test('refuses to delete a project holding contracts, and deletes an empty one', async ({
    page,
    account,
    call,
  }) => {
    void account;
    const full = await call<Project>('POST', '/projects', { name: 'Still busy' });
    await createContract(call, full.id, 'Open agreement');
    const empty = await call<Project>('POST', '/projects', { name: 'Ready to go' });
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });

    await page.goto(`/projects/${full.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete this project?' });
    await dialog.getByRole('button', { name: 'Delete project' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'This project still holds 1 contract. Move or delete them before deleting the project.',
    );
    await expect(dialog.getByRole('button', { name: 'Delete project' })).toBeDisabled();
    await shoot(page, 'project-delete-refused-desktop', false);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/projects/${full.id}`);
    await expect(page.getByRole('heading', { name: 'Still busy', level: 1 })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Still busy' })).toBeVisible();

    await page.goto(`/projects/${empty.id}`);
    await expect(sidebar.getByRole('link', { name: 'Ready to go' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete this project?' });
    await expect(dialog).toContainText('“Ready to go” will be deleted');
    await dialog.getByRole('button', { name: 'Delete project' }).click();
    await expect(page).toHaveURL('/projects');
    await expect(sidebar.getByRole('link', { name: 'Ready to go' })).toBeHidden();
    await expect(page.getByRole('main').getByRole('link', { name: /Ready to go/ })).toBeHidden();
    await expect(page.getByRole('main').getByRole('link', { name: /Still busy/ })).toBeVisible();

    await page.goto(`/projects/${empty.id}`);
    await expect(page.getByRole('heading', { name: 'Project not found', level: 1 })).toBeVisible();
  });

  test("shows 'Project not found' for an unknown id and for another organization's project", async ({
    page,
    account,
    request,
  }) => {
    void account;
    // A project of the demo organization, seen through a session of its own.
    await request.post('/api/auth/sign-in', {
      data: { email: 'demo@example.com', password: 'pactum-demo' },
      headers: { 'x-forwarded-for': `10.250.${process.pid % 250}.${Math.floor(Math.random() * 250)}` },
    });
    const demoProjects = (await (await request.get('/api/projects')).json()) as { items: Project[] };
    const foreign = demoProjects.items[0];
    expect(foreign).toBeDefined();

    for (const id of [randomUUID(), 'not-an-id', foreign?.id]) {
      await page.goto(`/projects/${id}`);
      await expect(page.getByRole('heading', { name: 'Project not found', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle('Project not found · Pactum');
      await expect(page.getByRole('link', { name: 'Back to projects' })).toHaveAttribute('href', '/projects');
      if (foreign) await expect(page.getByText(foreign.name)).toBeHidden();
    }
    await shoot(page, 'project-not-found-desktop');
    await page.getByRole('link', { name: 'Back to projects' }).click();
    await expect(page).toHaveURL('/projects');
  });

  test('fits a phone screen without sideways scrolling', async ({ page, account, call }) => {
    void account;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/projects');
    await expect(page.getByText('No projects yet').last()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'projects-empty-phone');

    const project = await call<Project>('POST', '/projects', {
      name: 'Procurement framework agreements for the northern distribution centres',
      description:
        'Framework agreements with carriers, warehouse operators and packaging suppliers for the northern distribution centres, renewed every spring.',
    });
    await call<Project>('POST', '/projects', { name: 'Short one' });
    const sent = await createContract(
      call,
      project.id,
      'Master services agreement between Northwind Logistics and the Harbor Authority for 2027',
      'northwind',
    );
    await call('POST', `/contracts/${sent.id}/send`, { sequential: false });
    await createContract(call, project.id, 'Warehouse lease');

    await page.goto('/projects');
    await expect(page.getByRole('main').getByRole('link', { name: /Short one/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'projects-list-phone');

    await page.goto('/projects/new');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page.getByText('Project name is required')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'project-new-phone');

    await page.goto(`/projects/${project.id}`);
    await expect(page.getByTestId('count-sent')).toHaveText('1');
    await expect(page.getByRole('region', { name: 'Contracts', exact: true }).getByRole('link')).toHaveCount(
      2,
    );
    await expectNoSidewaysScroll(page);
    await shoot(page, 'project-phone');

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit project' })).toBeVisible();
    await shoot(page, 'project-edit-phone', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete project' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText('still holds 2 contracts');
    await expectNoSidewaysScroll(page);
    await shoot(page, 'project-delete-phone', false);
    await page.keyboard.press('Escape');

    await page.goto(`/projects/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'project-not-found-phone');
  });
});
