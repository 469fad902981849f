import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../shared/errors';
import { sqlState } from '../db/sql-state';
import { causes, loggableCause } from '../logging';

/** Errors from the driver that mean the database cannot be reached right now, not that the query was wrong. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((cause) => {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    return (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end|timeout exceeded when trying to connect/i.test(
        message,
      )
    );
  });
}

function fieldOf(instancePath: string, context: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context;
}

/** Turns anything thrown into the one error shape, and logs what the client must not see. */
export function toAppError(error: unknown, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    const context = error.validationContext ?? 'body';
    const field = fieldOf(first?.instancePath ?? '', context);
    const message =
      first?.instancePath === '/' || !first?.message
        ? `The request ${context} is missing or malformed`
        : first.message;
    return new AppError('INVALID_INPUT', message, field);
  }
  const fastifyError = error as FastifyError;
  if (
    fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
  ) {
    return new AppError('INVALID_INPUT', 'The request body is not valid JSON', 'body');
  }
  const status = fastifyError.statusCode;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (status === 415)
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json');
  if (status === 400 && fastifyError instanceof SyntaxError) {
    return new AppError('INVALID_INPUT', 'The request body is not valid JSON', 'body');
  }
  // Any other request Fastify itself refused (a Content-Length that lies, a bad header…).
  if (status !== undefined && status >= 400 && status < 500)
    return new AppError('INVALID_INPUT', 'The request is malformed');
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: loggableCause(error) }, 'database unavailable');
    return new AppError(
      'DATABASE_UNAVAILABLE',
      'The database is not available right now. Please try again shortly.',
    );
  }
  const state = sqlState(error);
  // Class 22: a value the database cannot store (a NUL character, a date out of its range…).
  if (state?.startsWith('22')) {
    return new AppError(
      'INVALID_INPUT',
      'Some of the input cannot be stored: check it for unusual characters or dates',
    );
  }
  if (state === '23505') return new AppError('ID_CONFLICT', 'This conflicts with an existing record');
  if (state === '23503') {
    return new AppError(
      'ID_CONFLICT',
      'Something this refers to was removed meanwhile. Reload and try again.',
    );
  }
  request.log.error({ err: loggableCause(error) }, 'unhandled error');
  return new AppError('INTERNAL', 'Something went wrong on our side. Please try again.');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply: FastifyReply) => {
    const appError = toAppError(error, request);
    if (appError.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(appError.retryAfterSeconds));
    return reply.status(appError.status).send(appError.toBody());
  });
}
