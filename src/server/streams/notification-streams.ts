import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../actor';
import type { Database } from '../db/client';
import { type Listen, listenerOf, type Unlisten } from '../db/listen';
import { loggableCause } from '../logging';
import { liveSessionIds } from './live-sessions';

/** Open streams per person in this process (a tab each); opening one more closes the oldest. */
export const maxStreamsPerUser = 5;
/** The channel the `notifications_inserted` trigger notifies, with the person's id. */
export const notificationsChannel = 'notifications';
/** The channel the `sessions_ended` and `memberships_ended` triggers notify, with the person's id. */
export const sessionsEndedChannel = 'sessions_ended';

export type NotificationStreamsOptions = {
  db: Database;
  log: FastifyBaseLogger;
  /** How to LISTEN; by default the one of the database `db` was opened by. */
  listen?: Listen;
  /** How often every open stream's session is checked, in one statement (expiry; a missed NOTIFY). */
  sessionCheckMs?: number;
  /** How often an idle stream gets a comment line, so proxies keep the connection open. */
  keepAliveMs?: number;
};

type Stream = { sessionId: string; out: ServerResponse; end: () => void };

/**
 * The live notification streams of this process. Nothing is asked of the database while
 * nothing happens: one LISTEN per process hears every new notification (any process may write
 * it) and every ended session or membership, and wakes only that person's streams. Expired
 * sessions, and ends missed while the listening connection was down, are found by one check of
 * all open streams' sessions a minute.
 */
export class NotificationStreams {
  private readonly byUser = new Map<string, Set<Stream>>();
  private listening: Promise<Unlisten[]> | undefined;
  private sessionTimer: NodeJS.Timeout | undefined;
  private keepAliveTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: NotificationStreamsOptions) {}

  /** How many streams are open (for measurements). */
  get size(): number {
    let total = 0;
    for (const streams of this.byUser.values()) total += streams.size;
    return total;
  }

  /**
   * Answers with an event stream that says 'changed' whenever a notification for the actor is
   * written, until the client leaves, the session ends or the app closes.
   */
  async open(actor: Actor, out: ServerResponse): Promise<void> {
    await this.listen();
    // The client may have left while the first stream of the process waited for the LISTEN.
    if (out.destroyed) return;
    const streams = this.byUser.get(actor.userId) ?? new Set<Stream>();
    this.byUser.set(actor.userId, streams);
    if (streams.size >= maxStreamsPerUser) streams.values().next().value?.end();
    out.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    out.write('retry: 5000\n\n');
    const stream: Stream = {
      sessionId: actor.sessionId,
      out,
      end: () => {
        if (!streams.delete(stream)) return;
        if (streams.size === 0 && this.byUser.get(actor.userId) === streams) this.byUser.delete(actor.userId);
        if (this.byUser.size === 0) this.stopTimers();
        out.end();
      },
    };
    streams.add(stream);
    out.on('close', stream.end);
    this.startTimers();
  }

  /** Ends every stream and stops listening (the app is closing). */
  async close(): Promise<void> {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.end();
    this.stopTimers();
    const unlisten = await this.listening?.catch(() => []);
    for (const stop of unlisten ?? []) stop();
    this.listening = undefined;
  }

  private listen(): Promise<Unlisten[]> {
    const listen = this.options.listen ?? listenerOf(this.options.db);
    if (!listen) {
      // A database opened otherwise: the streams still end with their sessions (the minute's check).
      this.options.log.warn(
        'notification streams cannot LISTEN: the database was not opened by openDatabase',
      );
      return Promise.resolve([]);
    }
    this.listening ??= Promise.all([
      listen(
        notificationsChannel,
        (userId) => this.changed(userId),
        () => this.resumed(),
      ),
      listen(sessionsEndedChannel, (userId) => void this.checkSessions(this.byUser.get(userId))),
    ]).catch((error: unknown) => {
      // An invalid channel, say; the minute's session check still ends streams.
      this.options.log.warn({ err: loggableCause(error) }, 'listening for notifications failed');
      return [];
    });
    return this.listening;
  }

  private changed(userId: string): void {
    for (const stream of this.byUser.get(userId) ?? [])
      stream.out.write(`event: changed\ndata: ${Date.now()}\n\n`);
  }

  /** Back after a lost connection: anything may have been written or ended meanwhile. */
  private resumed(): void {
    for (const userId of this.byUser.keys()) this.changed(userId);
    void this.checkSessions(this.all());
  }

  private all(): Stream[] {
    return [...this.byUser.values()].flatMap((streams) => [...streams]);
  }

  /** Ends the streams whose session no longer holds. */
  private async checkSessions(streams: Iterable<Stream> | undefined): Promise<void> {
    const checked = [...(streams ?? [])];
    if (checked.length === 0) return;
    try {
      const live = await liveSessionIds(this.options.db, [
        ...new Set(checked.map((stream) => stream.sessionId)),
      ]);
      for (const stream of checked) if (!live.has(stream.sessionId)) stream.end();
    } catch (error) {
      // The database is away for a moment; the next check tries again.
      this.options.log.warn({ err: loggableCause(error) }, 'checking stream sessions failed');
    }
  }

  private startTimers(): void {
    this.sessionTimer ??= setInterval(
      () => void this.checkSessions(this.all()),
      this.options.sessionCheckMs ?? 60_000,
    );
    this.keepAliveTimer ??= setInterval(() => {
      for (const stream of this.all()) stream.out.write(': keep-alive\n\n');
    }, this.options.keepAliveMs ?? 25_000);
    this.sessionTimer.unref();
    this.keepAliveTimer.unref();
  }

  private stopTimers(): void {
    clearInterval(this.sessionTimer);
    clearInterval(this.keepAliveTimer);
    this.sessionTimer = undefined;
    this.keepAliveTimer = undefined;
  }
}
