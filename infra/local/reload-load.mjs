// Load on the site while nginx reloads (tls-check.sh, the forced renewal), counted as a visitor's
// browser sees it. Each visitor opens an HTTP/2 connection, loads "pages" over it (all the paths
// at once, as a page's resources are fetched), then closes it and starts again, until the stop
// file exists: no request is cut off half-way by the stop.
//
// A graceful reload ends the old workers' connections with a GOAWAY (NO_ERROR) naming the last
// stream they accepted. A stream above it, or one refused with RST_STREAM REFUSED_STREAM, was not
// processed (RFC 9113, 6.8), so a browser sends it again on a new connection (Chromium:
// ERR_HTTP2_SERVER_REFUSED_STREAM, retried up to twice): so does this, and counts those retries
// apart. Everything else fails: a GOAWAY with an error code, a stream reset or a connection lost
// after the server accepted the stream (even where a browser would retry on a reused connection),
// a status other than 200, a connection that cannot be made, no answer within 10 s, or a third
// refusal of the same request.
//   node reload-load.mjs --ca FILE --stop FILE [--visitors 2] [--pages 3] [--address IP] ORIGIN PATH...
// --address connects to IP instead of resolving ORIGIN's host, still naming that host (SNI, the
// :authority), as curl's --resolve does: the container stack's site name has no DNS here.
// Prints what was retried and what failed (each with the frames seen), then a last line
// "totals: requests=N retried=N failed=N connections=N certificates=N" (certificates: the
// distinct serials the connections were served); exits 1 when a request failed.
import { connect, constants } from 'node:http2';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: options, positionals } = parseArgs({
  options: {
    ca: { type: 'string' },
    stop: { type: 'string' },
    visitors: { type: 'string', default: '2' },
    pages: { type: 'string', default: '3' },
    address: { type: 'string' },
  },
  allowPositionals: true,
});
const [origin, ...paths] = positionals;
if (!origin || !paths.length || !options.ca || !options.stop) {
  console.error(
    'usage: reload-load.mjs --ca FILE --stop FILE [--visitors N] [--pages N] [--address IP] ORIGIN PATH...',
  );
  process.exit(2);
}
const ca = readFileSync(options.ca);
/** A DNS lookup that answers --address for any name (net.connect's `lookup` option). */
const pinned = (_host, lookupOptions, callback) =>
  lookupOptions?.all
    ? callback(null, [{ address: options.address, family: options.address.includes(':') ? 6 : 4 }])
    : callback(null, options.address, options.address.includes(':') ? 6 : 4);
const timeoutMs = 10_000;
const maxRetries = 2;
const { NGHTTP2_NO_ERROR, NGHTTP2_REFUSED_STREAM, NGHTTP2_CANCEL } = constants;

const totals = { requests: 0, retried: 0, failed: 0, connections: 0 };
const serials = new Map();
const retried = new Map();
const failures = new Map();
const tally = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

// One connection, and the GOAWAY it received, if any.
function open() {
  const session = connect(origin, options.address ? { ca, lookup: pinned } : { ca });
  const state = { session, goaway: null, error: null };
  totals.connections++;
  session.on('goaway', (errorCode, lastStreamID) => (state.goaway = { errorCode, lastStreamID }));
  session.on('connect', () => {
    const serial = session.socket?.getPeerCertificate()?.serialNumber;
    if (serial) tally(serials, serial);
  });
  // A connection's error reaches its streams too, where it is counted (and named).
  session.on('error', (e) => (state.error = e.code ?? e.message));
  return state;
}

const usable = (state) => !state.goaway && !state.session.closed && !state.session.destroyed;

// One request on the connection: resolves to 'ok', a reason it may be sent again (the server did
// not process it) as { retry }, or a failure as { fail }.
function request(state, path) {
  return new Promise((resolve) => {
    let status = null;
    let ended = false;
    let error = null;
    let settled = false;
    const stream = state.session.request({ ':path': path, 'user-agent': 'reload-load.mjs' });
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      settle({
        fail: `no answer within ${timeoutMs / 1000} s (response headers: ${status ?? 'none'})`,
      });
      stream.close(NGHTTP2_CANCEL);
    }, timeoutMs);
    stream.on('response', (headers) => (status = headers[':status']));
    stream.on('data', () => {});
    stream.on('end', () => (ended = true));
    stream.on('error', (e) => (error = e));
    stream.on('close', () => {
      const { goaway } = state;
      const frames = [
        `stream ${stream.id ?? '(none)'}`,
        goaway
          ? `GOAWAY error ${goaway.errorCode} last-stream-id ${goaway.lastStreamID}`
          : 'no GOAWAY',
        `RST code ${stream.rstCode ?? '(none)'}`,
        `response headers: ${status ?? 'none'}`,
        ...(state.error ? [`connection error ${state.error}`] : []),
      ].join(', ');
      if (status === 200 && ended && !error && stream.rstCode === NGHTTP2_NO_ERROR) {
        settle('ok');
      } else if (
        status === null &&
        goaway?.errorCode === NGHTTP2_NO_ERROR &&
        stream.id > goaway.lastStreamID
      ) {
        settle({ retry: `above the GOAWAY's last-stream-id (NO_ERROR) (${frames})` });
      } else if (status === null && !goaway && stream.rstCode === NGHTTP2_REFUSED_STREAM) {
        settle({ retry: `RST_STREAM REFUSED_STREAM (${frames})` });
      } else {
        settle({
          fail: `${status && status !== 200 ? `status ${status}` : (error?.code ?? 'closed before a complete answer')} (${frames})`,
        });
      }
    });
    stream.end();
  });
}

// A request as a browser makes it: on the visitor's connection while it takes new streams, else
// on a new one; sent again when the server said it did not process it.
async function browserRequest(visitor, path) {
  totals.requests++;
  for (let attempt = 0; ; attempt++) {
    if (!usable(visitor.connection)) visitor.connection = open();
    const outcome = await request(visitor.connection, path);
    if (outcome === 'ok') return;
    if (outcome.retry && attempt < maxRetries) {
      totals.retried++;
      tally(retried, `GET ${path}: ${outcome.retry}`);
      continue;
    }
    totals.failed++;
    tally(
      failures,
      `GET ${path}: ${outcome.fail ?? `refused ${attempt + 1} times: ${outcome.retry}`}`,
    );
    return;
  }
}

async function visitorLoop() {
  while (!existsSync(options.stop)) {
    const visitor = { connection: open() };
    for (let page = 0; page < Number(options.pages) && !existsSync(options.stop); page++) {
      await Promise.all(paths.map((path) => browserRequest(visitor, path)));
    }
    visitor.connection.session.close();
  }
}

await Promise.all(Array.from({ length: Number(options.visitors) }, visitorLoop));
const print = (title, map) => {
  for (const [what, n] of map) console.log(`  ${title}: ${what}: ${n}`);
};
print('retried as a browser would', retried);
print('failed', failures);
console.log(
  `totals: requests=${totals.requests} retried=${totals.retried} failed=${totals.failed} ` +
    `connections=${totals.connections} certificates=${serials.size}`,
);
process.exit(totals.failed ? 1 : 0);
