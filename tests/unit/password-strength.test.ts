import { describe, expect, it } from 'vitest';
import { passwordStrength } from '../../src/web/components/password-strength';

describe('the password strength meter', () => {
  it.each([
    ['', 'Weak'],
    ['Ab1!xyz', 'Weak'],
    ['aaaaaaaaaaaaaaaaaaaa', 'Weak'],
    ['password', 'Weak'],
    ['password1', 'Weak'],
    ['abcdefgh1234', 'Fair'],
    ['Tr0ub4dor&3', 'Good'],
    ['correct horse battery staple', 'Strong'],
    ['Xk9!mQ2#vL7$', 'Strong'],
  ])('rates %j as %s', (password, label) => {
    expect(passwordStrength(password).label).toBe(label);
  });
});
