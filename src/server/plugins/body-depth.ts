import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';

/** Deeper than any document the editor produces; a deeper body would exhaust the validator's stack. */
export const maxBodyDepth = 100;

function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > maxBodyDepth) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Refuses absurdly nested JSON before schema validation walks it recursively. */
export function registerBodyDepthCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && depthOf(request.body) > maxBodyDepth) {
      throw new AppError('INVALID_INPUT', 'The request body is nested too deeply', 'body');
    }
  });
}
