import pg from 'pg';

/** Stops one subscription; the channel stays LISTENed for the others (and for later ones). */
export type Unlisten = () => void;

/**
 * Calls `onPayload` with the payload of every NOTIFY on `channel` (sent by any process, delivered
 * when the sending transaction commits); resolves once the database is listening, or once the
 * first attempt to connect failed (the subscription stays and starts when the connection is
 * back). `onResume` is called after a lost connection is back: whatever was notified meanwhile
 * was missed, so the subscriber should look for itself once.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onResume?: () => void,
) => Promise<Unlisten>;

export type Listener = { listen: Listen; close(): Promise<void> };

type Subscriber = { onPayload: (payload: string) => void; onResume: (() => void) | undefined };

/** Channel names are interpolated into LISTEN, so only plain lower-case identifiers are taken. */
const channelName = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * One LISTEN per channel per process, fanned out to any number of subscribers. A channel is
 * never UNLISTENed: there are a handful of them, and keeping them avoids racing a new
 * subscriber against the UNLISTEN of the last one.
 */
class Subscriptions {
  private readonly channels = new Map<string, Set<Subscriber>>();

  constructor(private readonly log: (error: unknown) => void) {}

  add(channel: string, subscriber: Subscriber): { unlisten: Unlisten; first: boolean } {
    if (!channelName.test(channel)) throw new Error(`Invalid channel name '${channel}'`);
    let subscribers = this.channels.get(channel);
    const first = subscribers === undefined;
    if (!subscribers) {
      subscribers = new Set();
      this.channels.set(channel, subscribers);
    }
    subscribers.add(subscriber);
    return { unlisten: () => void subscribers.delete(subscriber), first };
  }

  names(): string[] {
    return [...this.channels.keys()];
  }

  deliver(channel: string, payload: string): void {
    for (const subscriber of this.channels.get(channel) ?? []) {
      try {
        subscriber.onPayload(payload);
      } catch (error) {
        this.log(error);
      }
    }
  }

  resumed(): void {
    for (const subscribers of this.channels.values())
      for (const subscriber of subscribers) {
        try {
          subscriber.onResume?.();
        } catch (error) {
          this.log(error);
        }
      }
  }
}

/** PGlite is one session in this process: its own listen() delivers NOTIFYs at commit. */
export function pgliteListener(client: {
  listen(channel: string, callback: (payload: string) => void): Promise<unknown>;
}): Listener {
  const subscriptions = new Subscriptions(() => {});
  const listening = new Map<string, Promise<unknown>>();
  return {
    listen: async (channel, onPayload, onResume) => {
      const { unlisten } = subscriptions.add(channel, { onPayload, onResume });
      let ready = listening.get(channel);
      if (!ready) {
        ready = client.listen(channel, (payload) => subscriptions.deliver(channel, payload));
        listening.set(channel, ready);
      }
      await ready;
      return unlisten;
    },
    close: async () => {},
  };
}

export type PgListenerOptions = {
  url: string;
  onError?: (error: unknown) => void;
  /** Pause before the first reconnection attempt; doubled after each failure up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
};

/**
 * A dedicated node-postgres connection, outside the pool (a pooled connection is handed to
 * other queries and closed when idle, and LISTEN belongs to the session). It is opened on the
 * first listen, reconnects after a drop with a growing pause, LISTENs again on every channel
 * and then tells the subscribers to catch up.
 */
export function pgListener(options: PgListenerOptions): Listener {
  const onError = options.onError ?? (() => {});
  const subscriptions = new Subscriptions(onError);
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = options.retryMs ?? 1000;
  let closed = false;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    next.on('notification', (message) => subscriptions.deliver(message.channel, message.payload ?? ''));
    next.on('error', (error) => {
      onError(error);
      dropped(next);
    });
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      for (const channel of subscriptions.names()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeAllListeners('end');
      next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end();
      throw new Error('The listener is closed');
    }
    client = next;
    retryMs = options.retryMs ?? 1000;
    return next;
  };

  const connected = (): Promise<pg.Client> => {
    connecting ??= connect().catch((error: unknown) => {
      connecting = undefined;
      scheduleRetry();
      throw error;
    });
    return connecting;
  };

  const dropped = (lost: pg.Client) => {
    if (client !== lost) return;
    client = undefined;
    connecting = undefined;
    scheduleRetry();
  };

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connected().then(
        () => subscriptions.resumed(),
        (error: unknown) => onError(error),
      );
    }, retryMs);
    retryMs = Math.min(retryMs * 2, options.maxRetryMs ?? 30_000);
  };

  return {
    listen: async (channel, onPayload, onResume) => {
      const { unlisten, first } = subscriptions.add(channel, { onPayload, onResume });
      try {
        const session = await connected();
        // A connection made before this channel was added has not LISTENed on it yet.
        if (first) await session.query(`LISTEN ${channel}`);
      } catch (error) {
        // The subscription stays: the reconnection LISTENs on every channel and calls onResume,
        // so a caller never subscribes twice by trying again.
        onError(error);
      }
      return unlisten;
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const open = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      open?.removeAllListeners('end');
      await open?.end().catch(() => {});
    },
  };
}

const listeners = new WeakMap<object, Listen>();

/**
 * The runner and the notification stream are built from a `db` alone in many places (the
 * entry point, tests, tools), so the handle that opened a database registers its listener
 * against it here.
 */
export function registerListen(db: object, listen: Listen): void {
  listeners.set(db, listen);
}

/** The LISTEN of the database `db` was opened by; undefined for a database opened otherwise. */
export function listenerOf(db: object): Listen | undefined {
  return listeners.get(db);
}
