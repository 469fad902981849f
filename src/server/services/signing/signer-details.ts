import type { CustomField } from '../../../shared/api/custom-fields';
import { AppError } from '../../../shared/errors';
import { emailPattern, phonePattern } from '../../../shared/fields';

/**
 * Checks the values a signer entered against the organization's fields: required ones present,
 * e-mails and phone numbers well formed, nothing unknown kept. The e-mail field is the address
 * the invitation went to, whatever was sent.
 */
export function checkSignerDetails(
  fields: readonly CustomField[],
  given: Record<string, string>,
  invitedEmail: string,
): Record<string, string> {
  // A field's key is the organization's to choose ('constructor', '__proto__'…): read only the
  // given object's own entries, and collect in a Map (Object.fromEntries defines own properties).
  const values = new Map<string, string>();
  for (const field of fields) {
    const own = Object.hasOwn(given, field.key) ? given[field.key] : undefined;
    const value = field.key === 'email' ? invitedEmail : typeof own === 'string' ? own.trim() : '';
    if (value === '') {
      if (field.required) throw new AppError('INVALID_INPUT', `${field.name} is required`, field.key);
      continue;
    }
    if (field.type === 'email' && !emailPattern.test(value)) {
      throw new AppError('INVALID_INPUT', `${field.name} must be a valid email address`, field.key);
    }
    if (field.type === 'phone' && !phonePattern.test(value)) {
      throw new AppError('INVALID_INPUT', `${field.name} must be a valid phone number`, field.key);
    }
    values.set(field.key, value);
  }
  return Object.fromEntries(values);
}
