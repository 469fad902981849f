import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteContract } from '../../shared/routes/route-contract';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Field<C, K extends string> = C extends { [P in K]: infer S } ? S : undefined;

/** The Fastify schema a contract stands for (fastify-type-provider-zod infers the handler's types from it). */
export type SchemaOf<C extends RouteContract> = {
  params: Field<C, 'params'>;
  querystring: Field<C, 'query'>;
  body: Field<C, 'body'>;
  response: Field<C, 'response'>;
};

type Handler<C extends RouteContract> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<C>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route adds to its contract on the server only: body limits, hooks, `config: { public: true }`. */
export type ServerRouteOptions<C extends RouteContract> = Omit<
  RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<C>,
    ZodTypeProvider,
    FastifyBaseLogger
  >,
  'method' | 'url' | 'schema' | 'handler'
>;

export function schemaOf(contract: RouteContract) {
  const { method: _method, path: _path, query, ...rest } = contract;
  return query ? { ...rest, querystring: query } : rest;
}

/** Registers a route from its shared contract: the method, path and schemas come only from there. */
export function registerRoute<C extends RouteContract>(
  app: ZodApp,
  contract: C,
  options: ServerRouteOptions<C>,
  handler: Handler<C>,
): void {
  app.route({
    ...options,
    method: contract.method,
    url: contract.path,
    schema: schemaOf(contract) as SchemaOf<C>,
    handler,
  } as RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<C>,
    ZodTypeProvider,
    FastifyBaseLogger
  >);
}
