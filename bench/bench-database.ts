import pg from 'pg';

/**
 * A fresh database named `name` on the PostgreSQL server at `serverUrl` (dropped first if a run
 * left it), as a URL to give the server as DATABASE_URL; null when no server answers.
 */
export async function freshPostgresDatabase(serverUrl: string, name: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
