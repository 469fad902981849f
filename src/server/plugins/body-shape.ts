import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';
import { maxJsonDepth } from '../../shared/limits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How many values (objects, arrays, strings, numbers…) a route's JSON body may hold; 5,000 unless set. */
    maxBodyValues?: number;
  }
}

/** Far more than any request but a contract's holds (routes taking a document set their own). */
export const defaultMaxBodyValues = 5_000;

/** Walks parsed JSON once, stopping as soon as it is too deep or holds too many values. */
function shapeProblem(body: object, maxValues: number): string | null {
  let values = 1;
  const stack: [unknown, number][] = [[body, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth > maxJsonDepth) return `The request body is nested more than ${maxJsonDepth} levels deep`;
    const children = Object.values(current);
    values += children.length;
    if (values > maxValues) return 'The request body holds too many values';
    for (const child of children) stack.push([child, depth + 1]);
  }
  return null;
}

/**
 * Refuses absurdly nested or crowded JSON before schema validation walks it: validation makes
 * an error object per bad value, and a 1 MB body of 100,000 of them held the event loop for half
 * a second. Only parsed JSON is walked: an uploaded file arrives as a Buffer.
 */
export function registerBodyShapeCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || ArrayBuffer.isView(body)) return done();
    const problem = shapeProblem(body, request.routeOptions.config.maxBodyValues ?? defaultMaxBodyValues);
    done(problem ? new AppError('INVALID_INPUT', problem, 'body') : undefined);
  });
}
