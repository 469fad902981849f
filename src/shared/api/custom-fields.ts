import { z } from 'zod';
import { customFieldTypes } from '../enums';
import { idSchema } from './common';

export const customFieldTypeSchema = z.enum(customFieldTypes);

export const customFieldSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    key: z.string(),
    type: customFieldTypeSchema,
    required: z.boolean(),
    isDefault: z.boolean().describe('One of the three system fields every organization has'),
    organizationId: z.string().describe("The organization's id, or 'system' for a system field"),
  })
  .meta({ id: 'CustomField' });

export const customFieldListSchema = z.object({ items: z.array(customFieldSchema) });
export type CustomField = z.infer<typeof customFieldSchema>;
