import { AppError } from '../../shared/errors';

/**
 * The request never reached Pactum (offline, the server down or unreachable): there is no
 * answer, so no AppError code applies. A failure the server answered is an AppError instead.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor() {
    super('Cannot reach Pactum. Check your connection and try again.');
  }
}

/** The words to show for a failed call: the server's message, the network's, or the fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof AppError || error instanceof NetworkError ? error.message : fallback;
}
