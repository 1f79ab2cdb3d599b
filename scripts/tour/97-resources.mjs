// Tour section: the resources, the same data as the read tools for a client that attaches it as context.
export const group = 'Resources';

export async function tour({ client, say, heading, PLAN }) {
  heading('resources — the plan as context, without a tool call');
  const { resources } = await client.listResources();
  const { resourceTemplates } = await client.listResourceTemplates();
  say(`  ${resources.map((r) => r.uri).join(', ')}`);
  say(`  templates: ${resourceTemplates.map((t) => t.uriTemplate).join(', ')}`);
  const cats = JSON.parse(
    (await client.readResource({ uri: `ynab://plans/${PLAN}/categories` })).contents[0].text,
  );
  say(
    `  ynab://plans/${PLAN}/categories: ${cats.map((g) => `${g.group} (${g.categories.length})`).join(', ')}`,
  );
}
