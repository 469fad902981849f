import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { contractSummarySchema } from './contracts';

const projectNameSchema = z
  .string({ error: 'Project name is required' })
  .trim()
  .min(1, { error: 'Project name is required' })
  .max(100, { error: 'Project name must be at most 100 characters' });

const descriptionSchema = z
  .string()
  .trim()
  .max(2000, { error: 'Description must be at most 2000 characters' });

export const createProjectBodySchema = z.object({
  id: idSchema.optional().describe('Client-chosen id: repeating the same create returns the same project'),
  name: projectNameSchema,
  description: descriptionSchema.default(''),
});
export type CreateProjectInput = z.infer<typeof createProjectBodySchema>;

export const updateProjectBodySchema = z
  .object({ name: projectNameSchema, description: descriptionSchema })
  .partial();
export type UpdateProjectInput = z.infer<typeof updateProjectBodySchema>;

export const statusCountsSchema = z
  .object({
    draft: z.int(),
    sent: z.int(),
    signed: z.int(),
    expired: z.int().describe('Expired and canceled'),
  })
  .meta({ id: 'StatusCounts' });

export const projectSummarySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    contractCount: z.int(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'ProjectSummary' });
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectSchema = projectSummarySchema
  .extend({
    counts: statusCountsSchema,
    contracts: z
      .array(contractSummarySchema)
      .describe('The 50 most recently updated; page through /api/contracts?projectId= for all'),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.object({ items: z.array(projectSummarySchema) });
