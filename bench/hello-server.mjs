// The baseline: a bare node:http server answering a small JSON body, nothing else. With
// BENCH_ANSWER (JSON: { status, headers, body }) it answers that instead, every time: the app's
// anonymous 401 as the app sends it, headers and all, the physical limit of that answer.
import { createServer } from 'node:http';

const answer = process.env.BENCH_ANSWER
  ? JSON.parse(process.env.BENCH_ANSWER)
  : {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'world' }),
    };
const headers = { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) };
createServer((_request, response) => {
  response.writeHead(answer.status, headers);
  response.end(answer.body);
}).listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => console.log(JSON.stringify({ ready: true })));
