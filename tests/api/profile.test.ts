import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailVerifications, users } from '../../src/server/db/schema';
import { signaturePng } from '../../src/server/pdf/sample-signature';
import { cookies } from '../../src/server/plugins/cookies';
import { hashEmailVerificationToken } from '../../src/server/services/accounts/email-verification';
import { createSession } from '../../src/server/services/sessions/create-session';
import { withMail } from '../support/background';
import {
  buildAccount,
  call,
  sessionCookieOf,
  type TestAccount,
  testApp,
  testSecret,
} from '../support/test-app';
import { fastestTimes } from '../support/timing';

let address = 0;

const ctx = await testApp();
const { peer, background } = await withMail(ctx);

function confirmationTokenIn(text: string | undefined): string {
  const match = /\/confirm-email\/([A-Za-z0-9_-]{43})\b/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`No confirmation link in: ${text}`);
  return match[1];
}

const confirm = (token: string, account: TestAccount | null = null, password?: string) => {
  address += 1;
  return call(ctx, account, {
    method: 'POST',
    url: '/api/auth/sign-up/confirm',
    json: { token, ...(password === undefined ? {} : { password }) },
    remoteAddress: `198.51.100.${address}`,
  });
};

const linuxChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Another signed-in device of the same account, from the given browser. */
async function anotherSession(account: TestAccount, userAgent: string, ip = '203.0.113.9'): Promise<string> {
  const session = await createSession(ctx.database.db, {
    secret: testSecret,
    userId: account.userId,
    organizationId: account.organizationId,
    persistent: true,
    ip,
    userAgent,
  });
  return `${cookies.session.name}=${session.token}`;
}

const withCookie = (account: TestAccount, cookie: string): TestAccount => ({ ...account, cookie });

const signIn = (email: string, password: string) => {
  address += 1;
  return call(ctx, null, {
    method: 'POST',
    url: '/api/auth/sign-in',
    json: { email, password },
    remoteAddress: `198.51.100.${address}`,
  });
};

const me = (account: TestAccount) => call(ctx, account, { method: 'GET', url: '/api/auth/me' });

describe('the profile', () => {
  it('shows the name, the e-mail and the avatar, only to a signed-in user', async () => {
    const account = await buildAccount(ctx, { name: 'Grace Hopper' });
    const response = await call(ctx, account, { method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Grace Hopper',
      email: account.email,
      avatarUrl: null,
      emailVerified: true,
      pendingEmail: null,
    });
    const anonymous = await call(ctx, null, { method: 'GET', url: '/api/profile' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousChange = await call(ctx, null, {
      method: 'PATCH',
      url: '/api/profile',
      json: { name: 'X' },
    });
    expect(anonymousChange.statusCode).toBe(401);
  });

  it('changes the name, which the session then shows, and refuses an empty or long one', async () => {
    const account = await buildAccount(ctx);
    const changed = await call(ctx, account, {
      method: 'PATCH',
      url: '/api/profile',
      json: { name: '  Ada Lovelace  ' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Ada Lovelace', email: account.email });
    expect((await me(account)).json().user.name).toBe('Ada Lovelace');

    const empty = await call(ctx, account, { method: 'PATCH', url: '/api/profile', json: { name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'name',
      message: 'Name is required',
    });
    const long = await call(ctx, account, {
      method: 'PATCH',
      url: '/api/profile',
      json: { name: 'a'.repeat(101) },
    });
    expect(long.json().error).toMatchObject({
      field: 'name',
      message: 'Name must be at most 100 characters',
    });
    const nothing = await call(ctx, account, { method: 'PATCH', url: '/api/profile', json: {} });
    expect(nothing.json().name).toBe('Ada Lovelace');
  });

  it('changes the e-mail only with the current password', async () => {
    const account = await buildAccount(ctx);
    const other = await buildAccount(ctx);
    const newEmail = `renamed-${randomUUID().slice(0, 8)}@example.com`;

    const withoutPassword = await call(ctx, account, {
      method: 'PATCH',
      url: '/api/profile',
      json: { email: newEmail },
    });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().error).toMatchObject({
      field: 'currentPassword',
      message: 'Enter your current password to change your email',
    });
    const wrongPassword = await call(ctx, account, {
      method: 'PATCH',
      url: '/api/profile',
      json: { email: newEmail, currentPassword: 'not my password' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'currentPassword',
      message: 'The current password is not correct',
    });
    const invalid = await call(ctx, account, {
      method: 'PATCH',
      url: '/api/profile',
      json: { email: 'not-an-email', currentPassword: account.password },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({ field: 'email', message: 'Enter a valid email address' });
    // The same address as now (in any letter case) is no change, and needs no password.
    const same = await call(ctx, account, {
      method: 'PATCH',
      url: '/api/profile',
      json: { email: account.email.toUpperCase(), name: 'Same Address' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: account.email, name: 'Same Address' });

    // Asking is not changing: the account keeps its address until the link mailed to the new one is opened.
    const asked = await call(ctx, account, {
      method: 'PATCH',
      url: '/api/profile',
      json: { email: ` ${newEmail.toUpperCase()} `, currentPassword: account.password },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: account.email, pendingEmail: newEmail, emailVerified: true });
    expect((await me(account)).json().user.email).toBe(account.email);
    expect((await signIn(account.email, account.password)).statusCode).toBe(200);
    expect((await signIn(newEmail, account.password)).statusCode).toBe(401);

    await background.drain();
    const notice = peer
      .to(account.email)
      .find((mail) => mail.subject === 'Your Pactum e-mail address is about to change');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toMatch(/confirm-email/);
    const token = confirmationTokenIn(peer.to(newEmail).at(-1)?.text);

    // Only a browser signed in to the account confirms it (else a stranger's unconfirmed account
    // could be confirmed by the address's owner with one careless click); the link keeps working.
    const anonymous = await confirm(token);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(
      'Sign in to your Pactum account, then open this link again: it confirms the address for that account only.',
    );
    // A password (as a sign-up link takes one) is no way around signing in.
    const withPassword = await confirm(token, null, account.password);
    expect(withPassword.statusCode).toBe(401);
    expect(withPassword.json().error.code).toBe('UNAUTHENTICATED');
    const stranger = await confirm(token, other);
    expect(stranger.statusCode).toBe(403);
    const confirmed = await confirm(token, account);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      purpose: 'email-change',
      email: newEmail,
      user: { id: account.userId, email: newEmail },
    });
    expect(sessionCookieOf(confirmed)).toBeUndefined();
    expect((await me(account)).json().user.email).toBe(newEmail);
    const profile = (await call(ctx, account, { method: 'GET', url: '/api/profile' })).json();
    expect(profile).toMatchObject({ email: newEmail, pendingEmail: null, emailVerified: true });
    expect((await signIn(newEmail, account.password)).statusCode).toBe(200);
    expect((await signIn(account.email, account.password)).statusCode).toBe(401);
    expect((await confirm(token, account)).statusCode).toBe(410);
  });

  it('answers an address another account has exactly like a free one, and tells its owner instead', async () => {
    const account = await buildAccount(ctx);
    const owner = await buildAccount(ctx, { name: 'Olive Owner' });
    const free = `free-${randomUUID().slice(0, 8)}@example.com`;
    const ask = (email: string) =>
      call(ctx, account, {
        method: 'PATCH',
        url: '/api/profile',
        json: { email, currentPassword: account.password },
      });
    const toFree = await ask(free);
    const toTaken = await ask(owner.email.toUpperCase());
    for (const [response, email] of [
      [toFree, free],
      [toTaken, owner.email],
    ] as const) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        email: account.email,
        pendingEmail: email,
        emailVerified: true,
      });
    }
    const headersOf = (response: typeof toFree) =>
      Object.keys(response.headers)
        .filter((name) => !['date', 'content-length'].includes(name))
        .sort();
    expect(headersOf(toTaken)).toEqual(headersOf(toFree));
    expect(toTaken.body.replace(owner.email, '<email>')).toBe(toFree.body.replace(free, '<email>'));
    // The profile shows the change as pending, as for any address.
    const profile = (await call(ctx, account, { method: 'GET', url: '/api/profile' })).json();
    expect(profile).toMatchObject({ email: account.email, pendingEmail: owner.email });

    // The owner hears of it, with no link; the requester's current address gets the usual notice.
    await background.drain();
    const toOwner = peer.to(owner.email);
    expect(toOwner.map((mail) => mail.subject)).toEqual([
      'Someone tried to move a Pactum account to your e-mail',
    ]);
    expect(toOwner[0]?.text).toContain('Nothing changed: your account keeps this address');
    expect(toOwner[0]?.text).not.toMatch(/confirm-email/);
    const notices = peer
      .to(account.email)
      .filter((mail) => mail.subject === 'Your Pactum e-mail address is about to change');
    // Queued within moments of each other, the two may arrive in either order.
    expect(notices.map((mail) => (mail.text ?? '').includes(owner.email)).sort()).toEqual([false, true]);
    // The requester's outbox shows the same for both: no confirmation mail to either address.
    const outbox = (await call(ctx, account, { method: 'GET', url: '/api/mail/outbox' })).json();
    expect(
      outbox.items.map((item: { kind: string; to: { email: string } }) => `${item.kind} ${item.to.email}`),
    ).toEqual([`email_change_notice ${account.email}`, `email_change_notice ${account.email}`]);

    // Nothing changed for anyone; the pending change can never be confirmed.
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
    expect((await me(account)).json().user.email).toBe(account.email);
    const token = 'T'.repeat(43);
    await ctx.database.db
      .update(emailVerifications)
      .set({ tokenHash: hashEmailVerificationToken(token) })
      .where(eq(emailVerifications.email, owner.email));
    const forced = await confirm(token, account);
    expect(forced.statusCode).toBe(409);
    expect(forced.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'Another account uses this e-mail address now, so yours cannot change to it.',
    });
    expect((await me(account)).json().user.email).toBe(account.email);
  });

  it('takes as long to answer an address another account has as a free one', async () => {
    const owner = await buildAccount(ctx, { name: 'Olive Owner' });
    // The fastest of three tries each (fresh accounts, as each may ask five times an hour),
    // alternating which goes first.
    const [freeMs, takenMs] = await fastestTimes(3, async (round) => {
      const [one, two] = [await buildAccount(ctx), await buildAccount(ctx)];
      const change = (who: typeof one, email: string) => () =>
        call(ctx, who, {
          method: 'PATCH',
          url: '/api/profile',
          json: { email, currentPassword: who.password },
        });
      return [change(one, `free-${round}-${randomUUID().slice(0, 8)}@example.com`), change(two, owner.email)];
    });
    expect(Math.abs(takenMs - freeMs)).toBeLessThan(250);
  });

  it('switches only to an address still free when the link is opened, and only to the latest one asked for', async () => {
    const account = await buildAccount(ctx);
    const first = `first-${randomUUID().slice(0, 8)}@example.com`;
    const second = `second-${randomUUID().slice(0, 8)}@example.com`;
    for (const email of [first, second]) {
      const asked = await call(ctx, account, {
        method: 'PATCH',
        url: '/api/profile',
        json: { email, currentPassword: account.password },
      });
      expect(asked.json().pendingEmail).toBe(email);
      await background.drain();
    }
    // The first link died when the second change was asked for.
    const firstToken = confirmationTokenIn(peer.to(first).at(-1)?.text);
    const stale = await confirm(firstToken, account);
    expect(stale.statusCode).toBe(410);

    // Someone else took the second address meanwhile.
    const secondToken = confirmationTokenIn(peer.to(second).at(-1)?.text);
    await buildAccount(ctx, { email: second });
    const taken = await confirm(secondToken, account);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'Another account uses this e-mail address now, so yours cannot change to it.',
    });
    expect((await me(account)).json().user.email).toBe(account.email);
  });

  it('confirms the address an older account already has, on request, and answers the signed-in user', async () => {
    const account = await buildAccount(ctx);
    await ctx.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, account.userId));
    expect((await call(ctx, account, { method: 'GET', url: '/api/profile' })).json().emailVerified).toBe(
      false,
    );
    const requested = await call(ctx, account, { method: 'POST', url: '/api/profile/email-verification' });
    expect(requested.statusCode).toBe(202);
    expect(requested.json().email).toBe(account.email);
    await background.drain();
    const mail = peer.to(account.email).at(-1);
    expect(mail?.subject).toBe('Confirm your e-mail address for Pactum');
    const confirmed = await confirm(confirmationTokenIn(mail?.text), account);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      purpose: 'email-change',
      email: account.email,
      user: { id: account.userId, email: account.email },
    });
    expect((await call(ctx, account, { method: 'GET', url: '/api/profile' })).json().emailVerified).toBe(
      true,
    );
    const again = await call(ctx, account, { method: 'POST', url: '/api/profile/email-verification' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Your e-mail address is already confirmed');
  });
});

describe('the avatar', () => {
  const png = signaturePng(48, 48);
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
  const webp = Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x24, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(40, 2),
  ]);
  const upload = (account: TestAccount, type: string, bytes: Buffer) =>
    call(ctx, account, {
      method: 'PUT',
      url: '/api/profile/avatar',
      json: { type, data: bytes.toString('base64') },
    });

  it('stores a PNG, JPEG or WebP as a data URL that the session shows, and removes it', async () => {
    const account = await buildAccount(ctx);
    const stored = await upload(account, 'image/png', png);
    expect(stored.statusCode).toBe(200);
    const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
    expect(stored.json().avatarUrl).toBe(dataUrl);
    expect((await me(account)).json().user.avatarUrl).toBe(dataUrl);
    expect((await call(ctx, account, { method: 'GET', url: '/api/profile' })).json().avatarUrl).toBe(dataUrl);

    expect((await upload(account, 'image/jpeg', jpeg)).json().avatarUrl).toMatch(/^data:image\/jpeg;base64,/);
    expect((await upload(account, 'image/webp', webp)).json().avatarUrl).toMatch(/^data:image\/webp;base64,/);

    const removed = await call(ctx, account, { method: 'DELETE', url: '/api/profile/avatar' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().avatarUrl).toBeNull();
    expect((await me(account)).json().user.avatarUrl).toBeNull();
  });

  it('refuses a file that lies about its type, another type, an empty file and one over 200 KB', async () => {
    const account = await buildAccount(ctx);
    const lying = await upload(account, 'image/jpeg', png);
    expect(lying.statusCode).toBe(400);
    expect(lying.json().error).toMatchObject({
      field: 'avatar',
      message: 'The file is not the image it claims to be',
    });
    const webpLie = await upload(account, 'image/webp', jpeg);
    expect(webpLie.json().error.message).toBe('The file is not the image it claims to be');
    const svg = await upload(
      account,
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json().error).toMatchObject({
      field: 'type',
      message: 'The avatar must be a PNG, JPEG or WebP image',
    });
    const empty = await upload(account, 'image/png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ field: 'avatar', message: 'The avatar file is empty' });
    const notBase64 = await call(ctx, account, {
      method: 'PUT',
      url: '/api/profile/avatar',
      json: { type: 'image/png', data: 'not base64!' },
    });
    expect(notBase64.json().error.message).toBe('The avatar must be base64-encoded');
    // Just over the limit: the bytes are checked, not only the length of the text.
    const large = await upload(
      account,
      'image/png',
      Buffer.concat([png, Buffer.alloc(200 * 1024 + 1 - png.length)]),
    );
    expect(large.statusCode).toBe(400);
    expect(large.json().error).toMatchObject({
      field: 'avatar',
      message: 'The avatar must be at most 200 KB',
    });
    const huge = await upload(account, 'image/png', Buffer.concat([png, Buffer.alloc(260 * 1024)]));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toBe('The avatar must be at most 200 KB');
    expect((await me(account)).json().user.avatarUrl).toBeNull();
  });
});

describe('the password', () => {
  const change = (account: TestAccount, json: unknown) =>
    call(ctx, account, { method: 'POST', url: '/api/profile/password', json });

  it('refuses a wrong current password and a new one that is too short, too long or too common', async () => {
    const account = await buildAccount(ctx);
    const wrong = await change(account, {
      currentPassword: 'not my password',
      newPassword: 'a brand new secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'INVALID_INPUT',
      field: 'currentPassword',
      message: 'The current password is not correct',
    });
    const missing = await change(account, { currentPassword: '', newPassword: 'a brand new secret' });
    expect(missing.json().error).toMatchObject({
      field: 'currentPassword',
      message: 'Enter your current password',
    });
    const short = await change(account, { currentPassword: account.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      field: 'newPassword',
      message: 'Password must be at least 8 characters',
    });
    const long = await change(account, { currentPassword: account.password, newPassword: 'x'.repeat(257) });
    expect(long.json().error).toMatchObject({
      field: 'newPassword',
      message: 'Password must be at most 256 characters',
    });
    const common = await change(account, { currentPassword: account.password, newPassword: 'Password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'newPassword' });
    // Nothing changed.
    expect((await signIn(account.email, account.password)).statusCode).toBe(200);
  });

  it('sets the new password and ends every other session, while this one keeps working', async () => {
    const account = await buildAccount(ctx);
    const phone = withCookie(account, await anotherSession(account, iphoneSafari));
    const laptop = withCookie(account, await anotherSession(account, linuxChrome));
    expect((await me(phone)).statusCode).toBe(200);

    const changed = await change(account, {
      currentPassword: account.password,
      newPassword: 'a brand new secret',
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(account)).statusCode).toBe(200);
    const sessions = await call(ctx, account, { method: 'GET', url: '/api/profile/sessions' });
    expect(sessions.json().items).toHaveLength(1);

    expect((await signIn(account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(account.email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('stops guessing at the current password after ten wrong tries', async () => {
    const account = await buildAccount(ctx);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await change(account, {
        currentPassword: `guess ${attempt}`,
        newPassword: 'a brand new secret',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await change(account, {
      currentPassword: account.password,
      newPassword: 'a brand new secret',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('the sessions', () => {
  it('lists this session first, then the others with their device and address', async () => {
    const account = await buildAccount(ctx);
    await anotherSession(account, linuxChrome, '203.0.113.7');
    await anotherSession(account, iphoneSafari, '203.0.113.8');
    const response = await call(ctx, account, {
      method: 'GET',
      url: '/api/profile/sessions',
      headers: { 'user-agent': linuxChrome },
      remoteAddress: '192.0.2.44',
    });
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ current: true, device: 'Chrome on Linux', ip: '192.0.2.44' });
    expect(items.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ current: false, device: 'Safari on iOS', ip: '203.0.113.8' }),
        expect.objectContaining({ current: false, device: 'Chrome on Linux', ip: '203.0.113.7' }),
      ]),
    );
    for (const item of items) {
      expect(Date.parse(item.createdAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(item.expiresAt)).toBeGreaterThan(Date.now());
    }
  });

  it('signs one other session out; another user’s session is not found', async () => {
    const account = await buildAccount(ctx);
    const stranger = await buildAccount(ctx);
    const otherCookie = await anotherSession(account, linuxChrome);
    const list = async (who: TestAccount) =>
      (await call(ctx, who, { method: 'GET', url: '/api/profile/sessions' })).json().items as {
        id: string;
        current: boolean;
      }[];
    const [, other] = await list(account);
    if (!other) throw new Error('The other session is missing');
    const [strangers] = await list(stranger);
    if (!strangers) throw new Error("The stranger's session is missing");

    const foreign = await call(ctx, account, {
      method: 'DELETE',
      url: `/api/profile/sessions/${strangers.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Session not found' });
    expect((await me(stranger)).statusCode).toBe(200);
    const missing = await call(ctx, account, {
      method: 'DELETE',
      url: `/api/profile/sessions/${randomUUID()}`,
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await call(ctx, account, { method: 'DELETE', url: '/api/profile/sessions/nope' });
    expect(malformed.statusCode).toBe(400);

    const ended = await call(ctx, account, { method: 'DELETE', url: `/api/profile/sessions/${other.id}` });
    expect(ended.statusCode).toBe(204);
    expect((await me(withCookie(account, otherCookie))).statusCode).toBe(401);
    expect((await me(account)).statusCode).toBe(200);
    expect(await list(account)).toHaveLength(1);
  });

  it('signs every other session out at once, and only with others=true', async () => {
    const account = await buildAccount(ctx);
    const first = withCookie(account, await anotherSession(account, linuxChrome));
    const second = withCookie(account, await anotherSession(account, iphoneSafari));
    const stranger = await buildAccount(ctx);

    const unqualified = await call(ctx, account, { method: 'DELETE', url: '/api/profile/sessions' });
    expect(unqualified.statusCode).toBe(400);
    expect(unqualified.json().error.field).toBe('others');
    expect((await me(first)).statusCode).toBe(200);

    const ended = await call(ctx, account, { method: 'DELETE', url: '/api/profile/sessions?others=true' });
    expect(ended.statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(account)).statusCode).toBe(200);
    expect((await me(stranger)).statusCode).toBe(200);
    const items = (await call(ctx, account, { method: 'GET', url: '/api/profile/sessions' })).json().items;
    expect(items).toEqual([expect.objectContaining({ current: true })]);
  });

  it('signs this very session out when its own id is given, and clears its cookie', async () => {
    const account = await buildAccount(ctx);
    const [current] = (await call(ctx, account, { method: 'GET', url: '/api/profile/sessions' })).json()
      .items;
    const ended = await call(ctx, account, { method: 'DELETE', url: `/api/profile/sessions/${current.id}` });
    expect(ended.statusCode).toBe(204);
    expect(sessionCookieOf(ended)).toBe(`${cookies.session.name}=`);
    expect((await me(account)).statusCode).toBe(401);
  });
});
