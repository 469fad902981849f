/**
 * A path inside Pactum to return to after signing in or signing up; anything else (another site,
 * //host, the sign-in and sign-up pages themselves) goes to the dashboard.
 */
export function safeNextPath(next: string | null): string {
  if (
    !next?.startsWith('/') ||
    next.startsWith('//') ||
    next.startsWith('/login') ||
    next.startsWith('/signup')
  )
    return '/dashboard';
  return next;
}
