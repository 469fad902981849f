// The baseline: a bare node:http server answering a small JSON body, nothing else.
import { createServer } from 'node:http';

const body = JSON.stringify({ hello: 'world' });
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}).listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => console.log(JSON.stringify({ ready: true })));
