/**
 * The client's side of stdio without a child process: newline-delimited JSON-RPC over a pair of
 * in-process streams, framed by the SDK's own reader and writer, so that a real MCP client can drive
 * the server's stdio transport (size limit included) in the test process itself.
 */
import { PassThrough } from 'node:stream';
import {
  ReadBuffer,
  serializeMessage,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';

export class StreamClientTransport implements Transport {
  /** What the server reads (its stdin). */
  readonly toServer = new PassThrough();
  /** What the server writes (its stdout). */
  readonly fromServer = new PassThrough();
  /** Everything the server wrote, as text (also what the SDK's reader would refuse). */
  written = '';
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly #buffer = new ReadBuffer();

  start(): Promise<void> {
    this.fromServer.on('data', (chunk: Buffer) => {
      this.written += chunk.toString('utf8');
      this.#buffer.append(chunk);
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.#buffer.readMessage();
        } catch (error) {
          this.onerror?.(error as Error);
          continue;
        }
        if (message === null) break;
        this.onmessage?.(message);
      }
    });
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) =>
      this.toServer.write(serializeMessage(message), (error) => (error ? reject(error) : resolve())),
    );
  }

  /** Writes raw bytes to the server, as a careless client might. */
  write(text: string): void {
    this.toServer.write(text);
  }

  close(): Promise<void> {
    this.toServer.end();
    this.onclose?.();
    return Promise.resolve();
  }
}
