import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';
import { editorDocumentSchema } from '../../shared/api/editor-document';
import { splicingRawJson } from '../presenters/raw-json';

type JsonSchema = { [keyword: string]: unknown };

/** Keywords that only validate: a serializer writes the same bytes without them. */
const validationOnly = ['pattern', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];
const primitives = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The schema as the serializer needs it. zod writes `x.nullable()` as `anyOf: [x, null]`, and
 * fast-json-stringify picks an anyOf branch by validating the value against each one with Ajv,
 * on every request: for a uuid or a timestamp that is a regular expression per field (a contract
 * summary has six). A nullable primitive becomes `type: [x, 'null']`, which it writes directly,
 * and the validation-only keywords go, which changes no byte of the output.
 */
function forSerialization(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialization);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (validationOnly.includes(keyword) && typeof value !== 'object') continue;
    copy[keyword] = forSerialization(value);
  }
  const branches = copy.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((branch: JsonSchema) => branch.type === 'null');
    const other = branches[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string' && primitives.has(other.type)) {
      const { anyOf: _anyOf, ...rest } = copy;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return copy;
}

/**
 * A contract's document is written as it is stored: the content thread checked every node before
 * it was stored, and JSON.stringify writes a 3,000-paragraph document in 2 ms where a serializer
 * walking the recursive node schema took 10–18 ms of the event loop.
 */
function writtenAsStored(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): boolean {
  if (ctx.zodSchema !== editorDocumentSchema) return false;
  for (const keyword of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[keyword];
  return true;
}

/**
 * Serializes responses with a serializer compiled from each route's zod response schema, as
 * Fastify does for JSON schemas: only the declared fields are written, so nothing else a service
 * returns can leak, and it costs a fraction of validating the response with zod on every request.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  if (schema instanceof z.ZodUndefined) return () => '';
  let compiled = compiledFor.get(schema);
  if (!compiled) {
    compiled = compiledSerializer(schema);
    compiledFor.set(schema, compiled);
  }
  return compiled;
};

/**
 * One serializer per schema, however many routes and statuses answer with it (the error body
 * every route declares for each of its error statuses, the shared summaries): compiled per route
 * and status, the server compiled 1,051 at start, each keeping its generated source and code in
 * the heap, for 69 distinct schemas.
 */
const compiledFor = new WeakMap<z.ZodType, (data: unknown) => string>();

function compiledSerializer(schema: z.ZodType): (data: unknown) => string {
  let holdsDocument = false;
  const jsonSchema = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    override: (ctx) => {
      if (writtenAsStored(ctx)) holdsDocument = true;
    },
  });
  const serialize = fastJson(forSerialization(jsonSchema) as Parameters<typeof fastJson>[0]);
  // A document may come as its stored text (RawJson), written as it is.
  return holdsDocument ? splicingRawJson(serialize) : serialize;
}
