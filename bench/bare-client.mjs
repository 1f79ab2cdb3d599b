// The barest client a 2026-07-28 server can be timed with, on either transport: one JSON-RPC request
// written (a line on the child's stdin, or one POST on a kept-alive loopback connection), its answer
// read and parsed, nothing else. The SDK's client adds work of its own on each call, unlike on the two
// transports (its HTTP transport goes through undici's fetch, about 2 ms a call on this machine, its
// stdio transport through a pipe read), so a ratio taken with it says as much about the client as
// about the server. Both bare clients send what the SDK's client sends: the same body, with the
// request's `_meta` envelope, and over HTTP the same headers.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';

const PROTOCOL = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': PROTOCOL,
  'io.modelcontextprotocol/clientInfo': { name: 'avenir-mcp-bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

const message = (id, name, args) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, _meta: ENVELOPE },
});

/** The result of an answer, or an error that says what came back instead. */
function resultOf(answer, name) {
  if (answer.error !== undefined || answer.result?.isError === true)
    throw new Error(`${name} failed in the bench: ${JSON.stringify(answer.error ?? answer.result)}`);
  return answer.result;
}

/** A server spawned over stdio: `call(name, args)` writes one line and waits for its answer. */
export function bareStdio(script, env) {
  const child = spawn(process.execPath, [script], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map();
  let buffered = '';
  let next = 1;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const answer = JSON.parse(line);
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    }
  });
  return {
    call(name, args) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (answer) => {
          try {
            resolve(resultOf(answer, name));
          } catch (error) {
            reject(error);
          }
        });
        child.stdin.write(`${JSON.stringify(message(id, name, args))}\n`);
      });
    },
    close: () => child.kill(),
  };
}

/** A stateless HTTP endpoint: `call(name, args)` POSTs one request on a kept-alive connection. */
export function bareHttp(url, headers = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let next = 1;
  return {
    call(name, args) {
      const body = JSON.stringify(message(next++, name, args));
      return new Promise((resolve, reject) => {
        const outgoing = request(
          url,
          {
            method: 'POST',
            agent,
            headers: {
              accept: 'application/json, text/event-stream',
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'mcp-protocol-version': PROTOCOL,
              'mcp-method': 'tools/call',
              'mcp-name': name,
              ...headers,
            },
          },
          (response) => {
            const chunks = [];
            response.on('data', (chunk) => chunks.push(chunk));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              // a stateless answer is JSON unless the call sent notifications on the way (then an
              // event stream whose last event is the answer)
              const json = text.startsWith('{')
                ? text
                : text
                    .match(/^data: (.*)$/gm)
                    ?.at(-1)
                    ?.slice(6);
              try {
                if (response.statusCode !== 200 || json === undefined)
                  throw new Error(`${name}: HTTP ${response.statusCode}: ${text.slice(0, 200)}`);
                resolve(resultOf(JSON.parse(json), name));
              } catch (error) {
                reject(error);
              }
            });
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
