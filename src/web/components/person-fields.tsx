import { TextField } from './ui/text-field';

/**
 * A person's name and e-mail address, as the short recipient forms ask them (correct, name,
 * add, hand on): the bounds are the server's (200 characters, 320 for an address).
 */
export function PersonFields({
  name,
  email,
  onName,
  onEmail,
  labels = { name: 'Name', email: 'E-mail address' },
}: {
  name: string;
  email: string;
  onName: (name: string) => void;
  onEmail: (email: string) => void;
  labels?: { name: string; email: string };
}) {
  return (
    <>
      <TextField label={labels.name} value={name} maxLength={200} onChange={(e) => onName(e.target.value)} />
      <TextField
        label={labels.email}
        type="email"
        value={email}
        maxLength={320}
        onChange={(e) => onEmail(e.target.value)}
      />
    </>
  );
}
