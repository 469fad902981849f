import table from 'virtual:api-routes';
import type { z } from 'zod';
import { AppError } from '../../shared/errors';
import type { ApiRoutes } from '../../shared/routes';
import type { RouteContract, RouteGroup } from '../../shared/routes/route-contract';
import type { RouteTarget } from '../../shared/routes/route-table';
import { NetworkError } from './api-errors';

type Part<C, K extends 'params' | 'query' | 'body'> = C extends { [P in K]: infer S extends z.ZodType }
  ? undefined extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a call takes: the route's params, query and body, typed by its zod schemas (their input side). */
export type CallInput<C> = Part<C, 'params'> & Part<C, 'query'> & Part<C, 'body'>;

type Success = 200 | 201 | 202 | 204;

/** What a call resolves to: any of the route's success bodies (204 is undefined). */
export type CallOutput<C> = C extends { response: infer R }
  ? { [K in keyof R]: K extends Success ? (R[K] extends z.ZodType ? z.output<R[K]> : never) : never }[keyof R]
  : unknown;

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type Args<C> = [RequiredKeys<CallInput<C>>] extends [never] ? [input?: CallInput<C>] : [input: CallInput<C>];

export type ApiCall<C> = {
  (...args: Args<C>): Promise<CallOutput<C>>;
  /** The URL of the route, for what the browser opens itself (a download, a redirect, an event stream). */
  url(...args: Args<C>): string;
  readonly method: RouteContract['method'];
};

export type ApiClient<R extends Record<string, RouteGroup>> = {
  [G in keyof R]: { [N in keyof R[G]]: ApiCall<R[G][N]> };
};

type AnyInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

function urlOf({ path }: RouteTarget, { params, query }: AnyInput = {}): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const queryString = search.toString();
  return `/api${filled}${queryString ? `?${queryString}` : ''}`;
}

/** Makes the request, or throws the server's AppError (from its body) or a NetworkError. */
function send(target: RouteTarget, input: AnyInput = {}): Promise<unknown> {
  const hasBody = input.body !== undefined;
  return answerOf(
    fetch(urlOf(target, input), {
      method: target.method,
      credentials: 'same-origin',
      headers: hasBody ? { 'content-type': 'application/json' } : {},
      body: hasBody ? JSON.stringify(input.body) : undefined,
    }),
  );
}

async function answerOf(request: Promise<Response>): Promise<unknown> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw new NetworkError();
  }
  if (response.status === 204) return undefined;
  // The server is trusted: its answer is used as its contract types it, without validating it again.
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw AppError.fromBody(body, response.status);
  return body;
}

function callOf(target: RouteTarget): ApiCall<RouteContract> {
  const call = (input?: AnyInput) => send(target, input);
  return Object.assign(call, {
    url: (input?: AnyInput) => urlOf(target, input),
    method: target.method,
  }) as ApiCall<RouteContract>;
}

/**
 * A route whose body is a file (a PDF to verify), not JSON: the same URL, errors and typed answer
 * as any call. (A .docx upload reports progress, so it goes through XMLHttpRequest instead.)
 */
export function sendFile<C>(
  route: ApiCall<C>,
  file: Blob,
  mediaType: string,
  ...args: Args<C>
): Promise<CallOutput<C>> {
  const url = (route.url as (...args: unknown[]) => string)(...args);
  return answerOf(
    fetch(url, {
      method: route.method,
      credentials: 'same-origin',
      headers: { 'content-type': mediaType },
      body: file,
    }),
  ) as Promise<CallOutput<C>>;
}

/**
 * A route that answers a file (a ZIP of signed PDFs), called like any other: its bytes and the
 * headers that name it, or the server's AppError / a NetworkError.
 */
export async function receiveFile<C>(
  route: ApiCall<C>,
  ...args: Args<C>
): Promise<{ blob: Blob; headers: Headers }> {
  const input = (args[0] ?? {}) as AnyInput;
  const hasBody = input.body !== undefined;
  let response: Response;
  try {
    response = await fetch((route.url as (...a: unknown[]) => string)(...args), {
      method: route.method,
      credentials: 'same-origin',
      headers: hasBody ? { 'content-type': 'application/json' } : {},
      body: hasBody ? JSON.stringify(input.body) : undefined,
    });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) throw AppError.fromBody(await response.json().catch(() => null), response.status);
  try {
    return { blob: await response.blob(), headers: response.headers };
  } catch {
    throw new NetworkError();
  }
}

/** Every API route as a typed function: `api.contracts.get({ params: { id } })`. */
export const api = Object.fromEntries(
  Object.entries(table).map(([group, routes]) => [
    group,
    Object.fromEntries(
      Object.entries(routes as Record<string, RouteTarget>).map(([name, target]) => [name, callOf(target)]),
    ),
  ]),
) as unknown as ApiClient<ApiRoutes>;

/** The browsable API reference (OpenAPI, with every webhook body), for links in the app. */
export const apiReferenceUrl = '/api/docs';
