import { AppError } from '../../shared/errors';
import { NetworkError } from './api-errors';

/**
 * Calls the API by path and returns its JSON, or throws the server's AppError (parsed from its body).
 * @deprecated Call `api.<group>.<name>` from ./api, typed by the shared route contracts; this is
 * left only for the routes not yet declared there.
 */
export async function apiRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...init,
      credentials: 'same-origin',
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
  } catch {
    throw new NetworkError();
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw AppError.fromBody(body, response.status);
  return body as T;
}

export function postJson<T>(path: string, body: unknown, method = 'POST'): Promise<T> {
  return apiRequest<T>(path, { method, body: JSON.stringify(body) });
}
