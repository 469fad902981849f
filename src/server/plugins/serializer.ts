import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Serializes responses with a serializer compiled from each route's zod response schema, as
 * Fastify does for JSON schemas: only the declared fields are written, so nothing else a service
 * returns can leak, and it costs a fraction of validating the response with zod on every request.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  if (schema instanceof z.ZodUndefined) return () => '';
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
