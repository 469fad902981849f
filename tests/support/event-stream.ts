/** A server-sent event as the browser's EventSource would dispatch it. */
export type StreamEvent = { event: string; data: string; at: number };

/**
 * Opens `url` as an event stream, as a browser does, and collects its events as they arrive.
 * Resolves once the server has answered its first line (the stream is registered by then).
 */
export async function openEventStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  let buffered = '';
  let ended = false;
  const collect = (text: string) => {
    buffered += text;
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const fields = block.split('\n').filter((line) => line && !line.startsWith(':'));
      const event = fields
        .find((line) => line.startsWith('event:'))
        ?.slice(6)
        .trim();
      const data =
        fields
          .find((line) => line.startsWith('data:'))
          ?.slice(5)
          .trim() ?? '';
      if (event) events.push({ event, data, at: performance.now() });
      end = buffered.indexOf('\n\n');
    }
  };
  const first = await reader.read();
  if (first.value) collect(decoder.decode(first.value, { stream: true }));
  const closed = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        collect(decoder.decode(chunk.value, { stream: true }));
      }
    } catch {
      // Cancelled by the test.
    }
    ended = true;
  })();
  return {
    events,
    closed,
    ended: () => ended,
    cancel: () => {
      controller.abort();
      return closed;
    },
  };
}
