import { format } from 'date-fns';
import { expect, test } from './fixtures';

test.describe('dashboard', () => {
  test('greets a new organization with empty states', async ({ page, account }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(
      page.getByText(`Welcome back, ${account.name}. Create, manage, and sign contracts with ease.`),
    ).toBeVisible();
    for (const key of ['draft', 'sent', 'signed', 'expired'])
      await expect(page.getByTestId(`count-${key}`)).toHaveText('0');
    await expect(page.getByText('No contracts yet')).toBeVisible();
    await expect(page.getByText('Create your first contract to get started')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Contract' })).toHaveAttribute(
      'href',
      '/contracts/new',
    );
    await expect(page.getByText('No projects yet', { exact: true }).last()).toBeVisible();
    await expect(page.getByText('Create your first project to get started')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Project' })).toHaveAttribute('href', '/projects/new');
    await expect(page.getByRole('link', { name: 'New Template' })).toHaveAttribute('href', '/templates/new');
    await expect(page.getByRole('link', { name: 'New Contract' })).toHaveAttribute('href', '/contracts/new');
    const viewAll = page.getByRole('link', { name: 'View all' });
    await expect(viewAll.first()).toHaveAttribute('href', '/contracts');
    await expect(viewAll.last()).toHaveAttribute('href', '/projects');
  });

  test('counts the demo contracts, with canceled ones under Expired', async ({ page, demo }) => {
    void demo;
    await page.goto('/dashboard');
    await expect(page.getByTestId('count-draft')).toHaveText('2');
    await expect(page.getByTestId('count-sent')).toHaveText('1');
    await expect(page.getByTestId('count-signed')).toHaveText('1');
    await expect(page.getByTestId('count-expired')).toHaveText('2');
    const nda = page.getByRole('link', { name: /Mutual NDA — Acme Corp/ });
    await expect(nda.getByText('Sent', { exact: true })).toBeVisible();
    await expect(nda.getByRole('listitem').filter({ hasText: 'Jane Cooper' })).toContainText('Signed');
    await expect(nda.getByRole('listitem').filter({ hasText: 'Robert Fox' })).toContainText('Not signed');
  });

  test('shows the 4 latest contracts and the 3 latest projects, newest first, linking to each', async ({
    page,
    account,
    call,
  }) => {
    void account;
    const projects: { id: string; name: string }[] = [];
    for (const name of ['First', 'Second', 'Third', 'Fourth']) {
      projects.push(
        await call('POST', '/projects', {
          name,
          description: `The ${name.toLowerCase()} project, described at some length so that it needs more than two lines on a card to be read in full by anyone.`,
        }),
      );
    }
    const contracts: { id: string; title: string }[] = [];
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) {
      contracts.push(
        await call('POST', '/contracts', {
          title,
          projectId: projects[0]?.id,
          signers: [{ name: 'Grace', email: 'grace@example.com' }],
        }),
      );
    }
    await page.goto('/dashboard');
    const recentContracts = page
      .getByRole('region', { name: 'Recent Contracts' })
      .getByRole('link')
      .filter({ hasNot: page.getByText('View all') });
    await expect(recentContracts).toHaveCount(4);
    await expect(recentContracts.locator('h3')).toHaveText(['Five', 'Four', 'Three', 'Two']);
    await expect(recentContracts.first()).toHaveAttribute('href', `/contracts/${contracts[4]?.id}`);
    await expect(recentContracts.first()).toContainText(`Updated ${format(new Date(), 'MMM d, yyyy')}`);
    await expect(recentContracts.first()).toContainText('Draft');
    await expect(recentContracts.first()).toContainText('Not signed');

    const recentProjects = page
      .getByRole('region', { name: 'Recent Projects' })
      .getByRole('link')
      .filter({ hasNot: page.getByText('View all') });
    await expect(recentProjects.locator('h3')).toHaveText(['Fourth', 'Third', 'Second']);
    await expect(recentProjects.first()).toHaveAttribute('href', `/projects/${projects[3]?.id}`);
    await expect(recentProjects.first()).toContainText(`Created ${format(new Date(), 'MMM d, yyyy')}`);
    await expect(recentProjects.first()).toContainText('0 contracts');
    const description = recentProjects.first().locator('p').first();
    await expect(description).toHaveCSS('-webkit-line-clamp', '2');
  });

  test('loads in one API request', async ({ page, demo }) => {
    void demo;
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/dashboard')) requests.push(request.url());
    });
    await page.goto('/dashboard');
    await expect(page.getByTestId('count-draft')).toHaveText('2');
    expect(requests).toHaveLength(1);
  });
});
