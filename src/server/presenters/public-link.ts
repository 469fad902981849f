import type { PublicLink, PublicLinkState } from '../../shared/api/public-links';
import type { PublicLinkRow } from '../db/schema';

export type PublicLinkFacts = {
  url: string;
  roleName: string;
  state: PublicLinkState;
  submissions: number;
  submissionsToday: number;
  createdBy: { id: string; name: string } | null;
};

export function presentPublicLink(row: PublicLinkRow, facts: PublicLinkFacts): PublicLink {
  return {
    id: row.id,
    templateId: row.templateId,
    roleNumber: row.roleNumber,
    roleName: facts.roleName,
    name: row.name,
    url: facts.url,
    projectId: row.projectId,
    enabled: row.enabled,
    state: facts.state,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxPerDay: row.maxPerDay,
    maxTotal: row.maxTotal,
    requireEmailCode: row.requireEmailCode,
    embedOrigins: row.embedOrigins,
    submissions: facts.submissions,
    submissionsToday: facts.submissionsToday,
    createdBy: facts.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
