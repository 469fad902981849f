import { z } from 'zod';
import { contractSummarySchema } from './contracts';
import { projectSummarySchema, statusCountsSchema } from './projects';

export const dashboardSummarySchema = z
  .object({
    counts: statusCountsSchema,
    recentContracts: z.array(contractSummarySchema).describe('The 4 most recently updated contracts'),
    recentProjects: z.array(projectSummarySchema).describe('The 3 most recently updated projects'),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
