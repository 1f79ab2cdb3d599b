/**
 * The diagnostic resources and prompts the conformance scenarios read by name (test-only, like the
 * fixture tools).
 */
import {
  ResourceTemplate,
  acceptedContent,
  inputRequired,
  type McpServer,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { PNG } from './fixture-tools.js';

function resources(server: McpServer): void {
  server.registerResource(
    'static-text',
    'test://static-text',
    { description: 'Conformance fixture: a text resource.', mimeType: 'text/plain' },
    (uri) => ({
      contents: [
        { uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
      ],
    }),
  );
  server.registerResource(
    'static-binary',
    'test://static-binary',
    { description: 'Conformance fixture: a binary resource.', mimeType: 'image/png' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }] }),
  );
  server.registerResource(
    'template-data',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { description: 'Conformance fixture: a templated resource.', mimeType: 'application/json' },
    (uri, { id }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ id: String(id), templateTest: true, data: `Data for ID: ${String(id)}` }),
        },
      ],
    }),
  );
}

function prompts(server: McpServer): void {
  const user = (text: string) => ({ role: 'user' as const, content: { type: 'text' as const, text } });
  server.registerPrompt(
    'test_simple_prompt',
    { description: 'Conformance fixture: a simple prompt.' },
    () => ({
      messages: [user('This is a simple prompt for testing.')],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      description: 'Conformance fixture: a prompt with arguments.',
      argsSchema: z.object({
        arg1: z.string().describe('First test argument'),
        arg2: z.string().describe('Second test argument'),
      }),
    },
    ({ arg1, arg2 }) => ({ messages: [user(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`)] }),
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      description: 'Conformance fixture: a prompt embedding a resource.',
      argsSchema: z.object({ resourceUri: z.string().describe('URI of the resource to embed') }),
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: resourceUri,
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        user('Please process the embedded resource above.'),
      ],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_image',
    { description: 'Conformance fixture: a prompt with an image.' },
    () => ({
      messages: [
        { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
        user('Please analyze the image above.'),
      ],
    }),
  );
  server.registerPrompt(
    'test_input_required_result_prompt',
    { description: 'Conformance fixture: a prompt that asks the user first.' },
    (ctx) => {
      const answer = acceptedContent(
        ctx.mcpReq.inputResponses,
        'user_context',
        z.object({ context: z.string() }),
      );
      if (!answer)
        return inputRequired({
          inputRequests: {
            user_context: inputRequired.elicit({
              mode: 'form',
              message: 'What context should the prompt use?',
              requestedSchema: {
                type: 'object',
                properties: { context: { type: 'string' } },
                required: ['context'],
              },
            }),
          },
        });
      return { messages: [user(`Use this context: ${answer.context}`)] };
    },
  );
}

/** Registers the diagnostic resources and prompts on a server instance. */
export function addFixtureContext(server: McpServer): void {
  resources(server);
  prompts(server);
}
