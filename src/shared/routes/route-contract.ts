import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API route as both sides see it: the server registers it from this (validation, serializer,
 * OpenAPI) and the web client calls it from this, so method, path and schemas cannot drift apart.
 * `path` is relative to /api, with `:name` for each parameter of `params`.
 */
export interface RouteContract {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Every status the route answers, successes and failures, keyed by status code. */
  response?: Record<number, z.ZodType>;
  tags?: string[];
  summary?: string;
  description?: string;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
}

/** Checks a contract's shape and keeps its literal types (method, path, each schema) for inference. */
export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;

/** A group of contracts, named for the calls the web client makes (`api.contracts.get`). */
export type RouteGroup = Record<string, RouteContract>;
