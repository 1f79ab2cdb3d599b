/**
 * Reads a passphrase for the command line: hidden typing on a terminal, the first line of standard
 * input otherwise (so that `avenir-mcp set-password < file` and scripts work).
 */
export async function readLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trim();
}

export function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (): void => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
    };
    function onData(chunk: string): void {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(text);
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new Error('cancelled'));
          return;
        }
        text = ch === '\u007f' || ch === '\b' ? [...text].slice(0, -1).join('') : text + ch;
      }
    }
    stdin.on('data', onData);
  });
}
