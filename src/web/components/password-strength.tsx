export type PasswordStrength = { score: 0 | 1 | 2 | 3; label: 'Weak' | 'Fair' | 'Good' | 'Strong' };

const labels = ['Weak', 'Fair', 'Good', 'Strong'] as const;

/**
 * A quick estimate from length and variety (lower case, upper case, digits, other characters):
 * under 8 characters, or fewer than 5 different characters, is weak; each kind beyond the first
 * and every 4 characters from 12 on add a step. The server also refuses the common passwords.
 */
export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  if (length < 8 || new Set(password.toLowerCase()).size < 5) return { score: 0, label: 'Weak' };
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((kind) => kind.test(password)).length;
  const points = kinds - 1 + (length >= 12 ? 1 : 0) + (length >= 16 ? 1 : 0) + (length >= 20 ? 1 : 0);
  const score = points <= 1 ? 0 : points === 2 ? 1 : points === 3 ? 2 : 3;
  return { score, label: labels[score] };
}

const colors = ['bg-red-500', 'bg-amber-500', 'bg-lime-600', 'bg-emerald-600'] as const;
const textColors = ['text-red-700', 'text-amber-700', 'text-lime-700', 'text-emerald-700'] as const;

/**
 * Four bars and a word under a new password field, updated as the user types; `tooCommon` when
 * the server has just refused this very password as a common one.
 */
export function PasswordStrengthMeter({
  password,
  id,
  tooCommon = false,
}: {
  password: string;
  id?: string;
  tooCommon?: boolean;
}) {
  if (password === '') {
    return (
      <p id={id} className="mt-1 text-xs text-slate-500">
        At least 8 characters. A few unrelated words make a strong password.
      </p>
    );
  }
  const estimate = passwordStrength(password);
  const { score, label } = tooCommon ? { score: 0, label: 'Too common' } : estimate;
  return (
    <div id={id} className="mt-2" data-testid="password-strength" data-strength={label.toLowerCase()}>
      <div className="flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((bar) => (
          <span
            key={bar}
            className={`h-1.5 flex-1 rounded-full ${bar <= score ? colors[score] : 'bg-slate-200'}`}
          />
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600" aria-live="polite">
        Strength: <span className={`font-medium ${textColors[score]}`}>{label}</span>
        {[...password].length < 8 && ' · at least 8 characters'}
      </p>
    </div>
  );
}
