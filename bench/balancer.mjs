// A round-robin balancer on loopback for the hosted bench (bench/hosted.mjs): each request goes to the
// next instance still in rotation, whole (the body is read first, then sent on), and the answer comes
// back as it comes. It forwards the Host header unchanged, as the Caddyfile of deploy/ does.
//
// What a real balancer does when an instance dies is done here too, and no more: an instance taken out
// of rotation (`out`, as a failed health probe would) gets nothing new; a request that could not even
// connect (ECONNREFUSED: nothing reached the instance) is sent to the next one; a request cut after it
// was sent is answered 502 and never sent again, since the instance may have acted on it.
import { createServer, request } from 'node:http';

/**
 * Starts the balancer over `ports` (the instances' loopback ports). Returns its address, the count of
 * requests each instance got, `out(i)` to take instance i out of rotation, and `whenInFlight(i, test)`,
 * which resolves once instance i has a request in flight whose body passes `test`.
 */
export async function startBalancer(ports) {
  const backends = ports.map((port) => ({ port, live: true, forwarded: 0, inFlight: new Set() }));
  const watchers = [];
  let turn = 0;
  let cut = 0;
  const watch = (i, body) => {
    for (const w of watchers.filter((x) => x.i === i && x.test(body))) {
      watchers.splice(watchers.indexOf(w), 1);
      w.resolve();
    }
  };

  const forward = (req, res, body, tries) => {
    const live = backends.filter((b) => b.live);
    if (live.length === 0 || tries > backends.length) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('No instance in rotation.');
      return;
    }
    const backend = live[turn++ % live.length];
    backend.forwarded += 1;
    const text = body.toString('utf8');
    backend.inFlight.add(text);
    res.once('close', () => backend.inFlight.delete(text));
    const upstream = request(
      // a connection per request: a kept-alive one that the instance closes as idle just as a request
      // is written on it resets, and that request could not be told from one cut by a killed instance
      {
        host: '127.0.0.1',
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, connection: 'close' },
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error) => {
      if (error.code === 'ECONNREFUSED') {
        backend.live = false; // nothing reached it: another instance may take the request
        forward(req, res, body, tries + 1);
        return;
      }
      cut += 1;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`Cut: ${error.code}`);
      else res.destroy();
    });
    upstream.end(body);
    watch(backends.indexOf(backend), text);
  };

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
  });
  // the clients close their idle connections first (undici after 4 s), so none is reset under a request
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded: () => backends.map((b) => b.forwarded),
    /** Requests answered 502 because their instance died under them. */
    cut: () => cut,
    out: (i) => {
      backends[i].live = false;
    },
    whenInFlight: (i, test) =>
      [...backends[i].inFlight].some(test)
        ? Promise.resolve()
        : new Promise((resolve) => watchers.push({ i, test, resolve })),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
