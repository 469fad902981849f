import { z } from 'zod';
import { errorCodes } from '../errors';

/** The one error shape, `{ error: { code, message, field? } }`, for the API's response schemas. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
      field: z.string().optional().describe('The input field at fault, for INVALID_INPUT'),
    }),
  })
  .meta({ id: 'Error' });
