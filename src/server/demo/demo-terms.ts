import type { UpdateTermsInput } from '../../shared/api/terms';
import { addDays, addMonths, dayOf } from '../../shared/terms';
import type { ServiceContext } from '../context';
import { createContractType, createTermField, termSettings } from '../services/terms/term-settings';
import { updateTerms } from '../services/terms/update-terms';

const demoTypes = ['Non-disclosure', 'Master services', 'Statement of work', 'Employment', 'Lease'];

/** Each demo contract's terms, by title, relative to the day the demo is seeded. */
function demoTermsOf(
  today: string,
  typeId: (name: string) => string | null,
): Record<string, UpdateTermsInput> {
  return {
    'Office Lease Renewal': {
      typeId: typeId('Lease'),
      counterpartyCompany: 'Harbor Properties',
      value: 48_000,
      currency: 'USD',
      effectiveOn: addMonths(today, 1),
      duration: 'fixed',
      durationMonths: 36,
      noticeDays: 90,
      tags: ['facilities'],
    },
    'Statement of Work #1': {
      typeId: typeId('Statement of work'),
      counterpartyCompany: 'Acme Corp',
      counterpartyContact: 'Jane Cooper',
      value: 18_500,
      currency: 'USD',
      tags: ['acme'],
    },
    'Offer Letter — Maria Lopez': {
      typeId: typeId('Employment'),
      counterpartyCompany: 'Maria Lopez',
      effectiveOn: addDays(today, -20),
      duration: 'evergreen',
      tags: ['hiring'],
      custom: { probationReview: addDays(today, 70) },
    },
    'Contractor Agreement — Tom Becker': {
      typeId: typeId('Master services'),
      counterpartyCompany: 'Tom Becker',
      value: 15_000,
      currency: 'EUR',
      effectiveOn: addDays(today, 14),
      duration: 'fixed',
      durationMonths: 6,
      tags: ['hiring'],
    },
    'Mutual NDA — Acme Corp': {
      typeId: typeId('Non-disclosure'),
      counterpartyCompany: 'Acme Corp',
      counterpartyContact: 'Jane Cooper',
      counterpartyEmail: 'jane.cooper@acme.example',
      effectiveOn: addMonths(today, -23),
      duration: 'fixed',
      durationMonths: 24,
      renewal: 'automatic',
      renewalMonths: 12,
      noticeDays: 14,
      tags: ['acme'],
    },
    'Master Services Agreement': {
      typeId: typeId('Master services'),
      counterpartyCompany: 'Acme Corp',
      counterpartyContact: 'Jane Cooper',
      value: 120_000,
      currency: 'USD',
      effectiveOn: addDays(today, 7),
      duration: 'fixed',
      durationMonths: 12,
      renewal: 'automatic',
      renewalMonths: 12,
      noticeDays: 60,
      tags: ['acme', 'priority'],
    },
  };
}

/**
 * The demo's contract types, one term field of its own, and each demo contract's terms, set
 * through the same services as a member would: the Deadlines page, the dashboard and the reports
 * have something to show from the first start.
 */
export async function seedDemoTerms(
  ctx: ServiceContext,
  contracts: { id: string; title: string }[],
): Promise<void> {
  for (const name of demoTypes) await createContractType(ctx, { name });
  await createTermField(ctx, { name: 'Probation review', kind: 'date', options: [] });
  const { types } = await termSettings(ctx.db, ctx.actor.organizationId);
  const typeId = (name: string) => types.find((type) => type.name === name)?.id ?? null;
  const terms = demoTermsOf(dayOf(new Date()), typeId);
  for (const contract of contracts) {
    const input = terms[contract.title];
    if (input) await updateTerms(ctx, contract.id, input);
  }
}
