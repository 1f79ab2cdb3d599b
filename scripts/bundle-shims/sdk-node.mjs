// The SDK's runtime shims (`@modelcontextprotocol/server/_shims`) as the bundle has them: Node's
// `process`, and as the default JSON Schema validator the SDK's own @cfworker/json-schema provider (the
// one it uses on edge runtimes) instead of Ajv, a seventh of its size. The server never validates a
// JSON Schema itself: its tools are zod schemas, and it sends no form whose answer the SDK would check.
export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
export { default as process } from 'node:process';
