// The client of the latency runs at a fixed rate (harness.mjs measureAtRate): HTTP/1.1 over keep-alive
// sockets, one request at a time on each, with the request's bytes built once. Node's http client costs
// several times the server's own time per request on a list page that the server answers in a fraction
// of a millisecond; on this 2-core machine, where the client, the server and PostgreSQL share the CPU,
// its cost at a few thousand requests a second was counted as the server's latency (the bare route
// itself showed a p99 of 12 ms at 3,500/s). This one reads only what it must: the status, and the body's
// length (Content-Length, or chunks).
import net from 'node:net';

const CRLF2 = Buffer.from('\r\n\r\n');

/** A response's end in `buf` from `start` (the byte after its last), or -1 while it is incomplete. */
function responseEnd(buf, start) {
  const head = buf.indexOf(CRLF2, start);
  if (head < 0) return -1;
  const bodyAt = head + 4;
  const headers = buf.toString('latin1', start, head).toLowerCase();
  const status = Number(headers.slice(9, 12));
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) return bodyAt;
  const length = /\r\ncontent-length:\s*(\d+)/.exec(headers);
  if (length) {
    const end = bodyAt + Number(length[1]);
    return end <= buf.length ? end : -1;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/.test(headers)) throw new Error('paced client: a response without a length');
  let at = bodyAt;
  for (;;) {
    const line = buf.indexOf('\r\n', at, 'latin1');
    if (line < 0) return -1;
    const size = parseInt(buf.toString('latin1', at, line), 16);
    at = line + 2 + size + 2;
    if (at > buf.length) return -1;
    if (size === 0) return at;
  }
}

/**
 * A client for one target: `send()` resolves with the status of the answer once it has all arrived; at
 * most `maxSockets` requests are in flight, the others wait their turn (their wait counts).
 */
export function pacedClient(target, maxSockets = 64) {
  const url = new URL(target.url);
  const headers = { host: url.host, connection: 'keep-alive', ...target.headers };
  if (target.body !== undefined) headers['content-length'] = String(Buffer.byteLength(target.body));
  const request = Buffer.from(
    `${target.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      '\r\n' +
      (target.body ?? ''),
  );
  const idle = [];
  const waiting = [];
  const all = new Set();
  let open = 0;

  function openSocket() {
    open += 1;
    const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    all.add(socket);
    const state = { socket, buf: Buffer.alloc(0), done: null };
    socket.on('data', (chunk) => {
      state.buf = state.buf.length === 0 ? chunk : Buffer.concat([state.buf, chunk]);
      const end = responseEnd(state.buf, 0);
      if (end < 0) return;
      const status = Number(state.buf.toString('latin1', 9, 12));
      state.buf = state.buf.subarray(end);
      const done = state.done;
      state.done = null;
      release(state);
      done?.(status);
    });
    let closed = false;
    const fail = () => {
      if (closed) return;
      closed = true;
      all.delete(socket);
      open -= 1;
      const i = idle.indexOf(state);
      if (i >= 0) idle.splice(i, 1);
      state.done?.(0);
      state.done = null;
    };
    socket.on('error', fail);
    socket.on('close', fail);
    return state;
  }

  function release(state) {
    const next = waiting.shift();
    if (next) {
      state.done = next;
      state.socket.write(request);
    } else idle.push(state);
  }

  return {
    send() {
      return new Promise((resolve) => {
        const state = idle.pop() ?? (open < maxSockets ? openSocket() : null);
        if (!state) {
          waiting.push(resolve);
          return;
        }
        state.done = resolve;
        state.socket.write(request);
      });
    },
    close() {
      for (const socket of all) socket.destroy();
    },
  };
}
