import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';

const frames = (error: Error) =>
  (error.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at '));

describe('AppError', () => {
  it('records no stack for a refusal (4xx) and a full one for a fault (5xx), leaving the setting as it was', () => {
    const before = Error.stackTraceLimit;
    const refusal = new AppError('UNAUTHENTICATED', 'Sign in first');
    expect(refusal.status).toBe(401);
    expect(frames(refusal)).toEqual([]);
    expect(refusal.toBody()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } });
    const fault = new AppError('INTERNAL', 'Something broke');
    expect(fault.status).toBe(500);
    expect(frames(fault).length).toBeGreaterThan(0);
    expect(Error.stackTraceLimit).toBe(before);
    expect(frames(new Error('plain')).length).toBeGreaterThan(0);
  });
});
