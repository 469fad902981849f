import { eq } from 'drizzle-orm';
import type { ContractStatus, SignerStatus } from '../../shared/statuses';
import type { Actor } from '../actor';
import type { Database } from '../db/client';
import { memberships, organizations, users } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { hashPassword } from '../services/accounts/passwords';
import { createContract } from '../services/contracts/create-contract';
import { createProject } from '../services/projects/create-project';
import { demoAgreement } from './demo-content';
import { playDemoSigning } from './demo-signing';
import { seedDemoTerms } from './demo-terms';

export const demoCredentials = { email: 'demo@example.com', password: 'pactum-demo' } as const;

const demoOrganizationId = '00000000-0000-4000-9000-000000000001';
const demoUserId = '00000000-0000-4000-9000-000000000002';

type DemoContract = {
  title: string;
  project: number;
  status: ContractStatus;
  signers: { name: string; email: string; status: SignerStatus }[];
};

const demoProjects = [
  {
    name: 'Acme Corp Partnership',
    description: 'Master services agreement, statements of work and the NDA with Acme Corp.',
  },
  {
    name: 'Hiring 2026',
    description: 'Offer letters and contractor agreements for the people joining this year.',
  },
  { name: 'Office Lease', description: 'Renewal of the downtown office lease and its amendments.' },
];

const demoContracts: DemoContract[] = [
  {
    title: 'Office Lease Renewal',
    project: 2,
    status: 'canceled',
    signers: [{ name: 'Harbor Properties', email: 'leasing@harbor.example', status: 'declined' }],
  },
  {
    title: 'Statement of Work #1',
    project: 0,
    status: 'expired',
    signers: [{ name: 'Jane Cooper', email: 'jane.cooper@acme.example', status: 'viewed' }],
  },
  {
    title: 'Offer Letter — Maria Lopez',
    project: 1,
    status: 'signed',
    signers: [{ name: 'Maria Lopez', email: 'maria.lopez@example.com', status: 'signed' }],
  },
  {
    title: 'Contractor Agreement — Tom Becker',
    project: 1,
    status: 'draft',
    signers: [{ name: 'Tom Becker', email: 'tom.becker@example.com', status: 'pending' }],
  },
  {
    title: 'Mutual NDA — Acme Corp',
    project: 0,
    status: 'sent',
    signers: [
      { name: 'Jane Cooper', email: 'jane.cooper@acme.example', status: 'signed' },
      { name: 'Robert Fox', email: 'robert.fox@acme.example', status: 'viewed' },
    ],
  },
  {
    title: 'Master Services Agreement',
    project: 0,
    status: 'draft',
    signers: [{ name: 'Jane Cooper', email: 'jane.cooper@acme.example', status: 'pending' }],
  },
];

const demoTemplates = ['Mutual Non-Disclosure Agreement', 'Consulting Agreement', 'Offer Letter'];

/**
 * Seeds the 'Demo Company' workspace once: a second start finds it and does nothing. Everything
 * goes through the same services as the app — sending, opening, signing, declining, expiring —
 * so its histories, events, documents and mail are what real ones would be.
 */
export async function seedDemoWorkspace(
  db: Database,
  options: Pick<ServiceDeps, 'pdf' | 'files' | 'content'>,
): Promise<boolean> {
  const [existing] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, demoOrganizationId));
  if (existing) return false;
  const passwordHash = await hashPassword(demoCredentials.password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [created] = await tx
      .insert(organizations)
      .values({ id: demoOrganizationId, name: 'Demo Company', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: organizations.id });
    // Another process starting at the same moment seeded it first.
    if (!created) return false;
    await tx.insert(users).values({
      id: demoUserId,
      name: 'Demo User',
      email: demoCredentials.email,
      passwordHash,
      // The demo's own address, which nobody else can claim (an OpenID sign-in may land here).
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(memberships)
      .values({ organizationId: demoOrganizationId, userId: demoUserId, role: 'admin', createdAt: now });
    const actor: Actor = {
      userId: demoUserId,
      userName: 'Demo User',
      email: demoCredentials.email,
      avatarUrl: null,
      organizationId: demoOrganizationId,
      organizationName: 'Demo Company',
      role: 'admin',
      sessionId: 'seed',
      ip: null,
      userAgent: null,
    };

    // The demo acts as its admin, in the seeding transaction.
    const ctx = { db: tx, actor, pdf: options.pdf, files: options.files, content: options.content };
    const projectIds: string[] = [];
    for (const project of demoProjects) projectIds.push((await createProject(ctx, project)).id);
    for (const title of demoTemplates) {
      await createContract(ctx, {
        title,
        content: demoAgreement(title, '[Company]', '[Counterparty]'),
        isTemplate: true,
        signers: [],
      });
    }
    const made: { id: string; title: string }[] = [];
    for (const demo of demoContracts) {
      const { id } = await createContract(ctx, {
        title: demo.title,
        content: demoAgreement(demo.title, 'Demo Company', demo.signers[0]?.name ?? 'the Counterparty'),
        projectId: projectIds[demo.project],
        isTemplate: false,
        signers: demo.signers.map(({ name, email }) => ({ name, email, role: 'signer' as const })),
      });
      await playDemoSigning(ctx, id, demo);
      made.push({ id, title: demo.title });
    }
    await seedDemoTerms(ctx, made);
    return true;
  });
}
