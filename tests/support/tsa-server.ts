import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export type OpensslTsa = {
  server: Server;
  url: string;
  /** How many time-stamps it was asked for (on any path but /refuse and /huge). */
  requests: () => number;
  /** How many requests are held, unanswered, right now. */
  held: () => number;
  /** From now on requests are held, unanswered, until `release` is called. */
  hold: () => { release: () => void };
};

/**
 * A local RFC 3161 TSA backed by `openssl ts -reply`, in a directory of its own under `dir`: the
 * path /refuse answers HTTP 500, /huge answers 1 MB that is no reply, and `hold` makes it a TSA that
 * answers only when the test says so.
 */
export async function startOpensslTsa(dir: string): Promise<OpensslTsa> {
  mkdirSync(dir, { recursive: true });
  const tsaDir = mkdtempSync(join(dir, 'tsa-'));
  writeFileSync(
    join(tsaDir, 'tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa_config',
      '[ tsa_config ]',
      'serial = ./serial',
      'signer_cert = ./tsa.crt',
      'signer_key = ./tsa.key',
      'certs = ./tsa.crt',
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256',
      'ess_cert_id_alg = sha256',
      '[ req ]',
      'distinguished_name = dn',
      'prompt = no',
      '[ dn ]',
      'CN = Test TSA',
      '[ ext ]',
      'extendedKeyUsage = critical,timeStamping',
      'keyUsage = critical,digitalSignature',
    ].join('\n'),
  );
  writeFileSync(join(tsaDir, 'serial'), '01\n');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'tsa.key',
      '-out',
      'tsa.crt',
      '-days',
      '2',
    ].concat(['-config', 'tsa.cnf', '-extensions', 'ext']),
    { cwd: tsaDir, stdio: 'ignore' },
  );
  let count = 0;
  let heldNow = 0;
  let gate: Promise<void> = Promise.resolve();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (request.url === '/refuse') {
        response.writeHead(500).end();
        return;
      }
      if (request.url === '/huge') {
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
        response.end(Buffer.alloc(1024 * 1024, 0x30));
        return;
      }
      count += 1;
      const number = count;
      // Held until the gate opens, or until the client gives up on it (a time-out closes it).
      let waiting = true;
      heldNow += 1;
      const stopWaiting = () => {
        if (waiting) heldNow -= 1;
        waiting = false;
      };
      response.once('close', stopWaiting);
      await gate;
      stopWaiting();
      const query = `request-${number}.tsq`;
      const reply = `reply-${number}.tsr`;
      writeFileSync(join(tsaDir, query), Buffer.concat(chunks));
      execFile(
        'openssl',
        ['ts', '-reply', '-config', 'tsa.cnf', '-queryfile', query, '-out', reply],
        { cwd: tsaDir },
        (error) => {
          if (error) {
            response.writeHead(500).end();
            return;
          }
          response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
          response.end(readFileSync(join(tsaDir, reply)));
        },
      );
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/`,
    requests: () => count,
    held: () => heldNow,
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return { release };
    },
  };
}
