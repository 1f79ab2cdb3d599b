/**
 * A hosted instance in a process of its own (bench/hosted-instance.mjs on the built dist/), for tests
 * where an instance dies as a process dies: SIGKILL, with nothing of it left to finish a write or
 * close a connection. It signs people in by the bearers file, as the bench does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../bench/hosted-instance.mjs', import.meta.url));

export interface ChildInstance {
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  child: ChildProcess;
  /** What the process wrote on stderr (a start that failed says why there). */
  stderr(): string;
  /** Sends the signal and resolves with how the process ended. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the instance with `env` (the server's variables and AVENIR_BENCH_BEARERS); resolves once it listens. */
export async function spawnInstance(env: Record<string, string>): Promise<ChildInstance> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n')[0]!;
      if (out.includes('\n')) resolve((JSON.parse(line) as { url: string }).url);
    });
    void exited.then(({ code, signal }) =>
      reject(new Error(`the instance ended before listening (${code ?? signal}): ${err}`)),
    );
  });
  return {
    url,
    child,
    stderr: () => err,
    stop: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
