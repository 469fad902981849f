import { errorBodySchema } from '../api/error-body';

/** The failures every signed-in resource route can answer, for its OpenAPI description. */
export const resourceErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
