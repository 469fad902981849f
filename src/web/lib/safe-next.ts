/** A path inside Pactum to return to after signing in; anything else (another site, //host) goes to the dashboard. */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/login')) return '/dashboard';
  return next;
}
