// The physical limit of the contract read: a bare node:http server (no framework, no ORM at
// request time) that runs the app's own session lookup and contract read with `pg`, as prepared
// statements on a pool of the app's size, and answers the row as JSON. The SQL is not copied:
// it is recorded from the app's services once at start, so it follows any change to them.
import { createServer } from 'node:http';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { cookies } from '../src/server/plugins/cookies';
import { getContract } from '../src/server/services/contracts/get-contract';
import { findSessionActor, lastSeenEveryMs } from '../src/server/services/sessions/find-session-actor';
import { hashSessionToken } from '../src/server/services/sessions/session-token';

const url = process.env.BENCH_DB ?? '';
const secret = process.env.BENCH_SECRET ?? '';
const token = process.env.BENCH_TOKEN ?? '';
const contractId = process.env.BENCH_CONTRACT_ID ?? '';

type Recorded = { text: string; params: unknown[] };

/** Runs the two services once through a logging drizzle and keeps the SELECTs they sent. */
async function recordQueries() {
  const recorded: Recorded[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => recorded.push({ text, params }) },
  }) as unknown as Database;
  const actor = await findSessionActor(db, { secret, token, ip: null, userAgent: null });
  if (!actor) throw new Error('the bench session was not found');
  await getContract({ db, actor }, contractId);
  await pool.end();
  const selects = recorded.filter((query) => /^\s*select/i.test(query.text));
  const session = selects.find((query) => query.text.includes('"sessions"'));
  const contract = selects.find((query) => query.text.includes('"contracts"'));
  if (!session || !contract) throw new Error('the session or contract query was not recorded');
  return { session, contract, actor };
}

const { session, contract, actor: recordedActor } = await recordQueries();
const organizationId = recordedActor.organizationId;

// Which recorded parameter is which: the known values are found by equality, the clock by shape.
const sessionHash = hashSessionToken(secret, token);
const isTimestamp = (value: unknown) => typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value);
const sessionParams = (hash: string) =>
  session.params.map((value) =>
    value === sessionHash ? hash : isTimestamp(value) ? new Date().toISOString() : value,
  );
const contractParams = (id: string, organization: string) =>
  contract.params.map((value) =>
    value === contractId ? id : value === organizationId ? organization : value,
  );

// As drizzle does: timestamps stay strings, rows come as arrays.
const rawTimestamps = {
  getTypeParser: (typeId: number, format?: string) =>
    typeId === pg.types.builtins.TIMESTAMPTZ || typeId === pg.types.builtins.TIMESTAMP
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, format as 'text'),
};
const pool = new pg.Pool({ connectionString: url, max: 10 });

// Where the session row keeps its id, organization and last use: found once in a real answer.
const sessionColumns = await (async () => {
  const result = await pool.query({
    text: session.text,
    values: sessionParams(sessionHash),
    rowMode: 'array',
  });
  const row = result.rows[0] ?? [];
  return {
    id: row.indexOf(recordedActor.sessionId),
    organizationId: row.indexOf(organizationId),
    lastSeenAt: result.fields.findIndex((field) => field.name === 'last_seen_at'),
  };
})();
if (Object.values(sessionColumns).includes(-1)) throw new Error('the session row has an unexpected shape');

function rowObject(result: pg.QueryArrayResult): Record<string, unknown> | null {
  const row = result.rows[0];
  if (!row) return null;
  const object: Record<string, unknown> = {};
  result.fields.forEach((field, index) => {
    object[field.name] = row[index];
  });
  return object;
}

function send(response: import('node:http').ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

const cookiePattern = new RegExp(`(?:^|;\\s*)${cookies.session.name}=([^;]*)`);

createServer(async (request, response) => {
  try {
    const cookie = cookiePattern.exec(request.headers.cookie ?? '')?.[1];
    if (!cookie) return send(response, 401, '{"error":{"code":"UNAUTHENTICATED"}}');
    const found = await pool.query({
      name: 'find_session_actor',
      text: session.text,
      values: sessionParams(hashSessionToken(secret, cookie)),
      rowMode: 'array',
      types: rawTimestamps,
    });
    const actor = found.rows[0];
    if (!actor) return send(response, 401, '{"error":{"code":"UNAUTHENTICATED"}}');
    // The app writes last_seen_at at most once a minute; so does this.
    const lastSeen = actor[sessionColumns.lastSeenAt];
    if (!lastSeen || Date.now() - Date.parse(String(lastSeen)) >= lastSeenEveryMs) {
      await pool.query('update sessions set last_seen_at = now() where id = $1', [actor[sessionColumns.id]]);
    }
    const id = request.url?.split('/').at(-1) ?? '';
    const row = rowObject(
      await pool.query({
        name: 'get_contract',
        text: contract.text,
        values: contractParams(id, actor[sessionColumns.organizationId]),
        rowMode: 'array',
        types: rawTimestamps,
      }),
    );
    if (!row) return send(response, 404, '{"error":{"code":"NOT_FOUND"}}');
    send(response, 200, JSON.stringify(row));
  } catch (error) {
    send(response, 500, JSON.stringify({ error: String(error) }));
  }
}).listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => console.log(JSON.stringify({ ready: true })));
