/**
 * The weekly digest's settings on the account page (`/account/digest`): after the same YNAB sign-in
 * as a deletion (account-deletion.ts), the person sets the webhook their weekly digest goes to,
 * replaces it, or removes it. The forms carry a confirmation made for this page alone
 * (account-confirm.ts). An address is checked before it is kept (hosted/digest-webhook-url.ts: https,
 * a public address, no user name or password), and a refusal shows the page again with what to fix;
 * nothing is kept then. The page shows the webhook's host only: its path is often its secret.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkWebhookUrl, WebhookUrlRefused } from '../../hosted/digest-webhook-url.js';
import { AGAIN, confirmedForm, page } from './account-confirm.js';
import { digestPage } from './account-page.js';
import { newNonce, pageHeaders } from './page.js';
import type { HostedContext } from './ynab-sign-in.js';

/** What begins the `state` of a trip to YNAB for the digest's settings (an account trip still). */
export { DIGEST_TRIP_STATE } from './ynab-sign-in.js';
export const DIGEST_AUDIENCE = 'avenir-mcp weekly digest settings';

/** The settings page: the webhook's host now, the forms, and why an address was refused. */
export async function showDigest(
  res: ServerResponse,
  ctx: HostedContext,
  person: string,
  token: string,
  error: string | null,
  cookie?: string,
): Promise<void> {
  const address = (await ctx.digests?.webhook(person)) ?? null;
  const host = address === null ? null : new URL(address).host;
  const nonce = newNonce();
  res
    .writeHead(error === null ? 200 : 400, {
      ...pageHeaders(nonce, []),
      ...(cookie ? { 'set-cookie': cookie } : {}),
    })
    .end(digestPage({ host, token, error, privacyUrl: ctx.privacyUrl ?? null }, nonce));
}

/** POST /account/digest: save or remove the webhook of the person the confirmation names. */
export async function handleAccountDigest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: HostedContext,
): Promise<void> {
  const digests = ctx.digests;
  if (req.method !== 'POST' || digests === undefined)
    return void res.writeHead(303, { location: '/account' }).end();
  const { form, token, id: person } = await confirmedForm(req, ctx, DIGEST_AUDIENCE);
  if (person === null)
    return page(
      ctx,
      res,
      400,
      'This page is not valid any more',
      `It is more than ten minutes old, or it was opened in another browser. Nothing was changed. ${AGAIN}`,
    );
  if (form.get('decision') === 'remove') {
    const removed = await digests.removeWebhook(person);
    return page(
      ctx,
      res,
      200,
      'Weekly digest stopped',
      removed
        ? 'No digest will be sent any more, and this server no longer keeps the address.'
        : 'No weekly digest was set: nothing is sent.',
    );
  }
  try {
    const url = await checkWebhookUrl(form.get('url') ?? '', ctx.webhookRules);
    await digests.setWebhook(person, url.href);
    page(
      ctx,
      res,
      200,
      'Weekly digest on',
      `Each week, what needs you in your default plan is posted to the webhook at ${url.host}. To stop it, come back to this page.`,
    );
  } catch (error) {
    if (!(error instanceof WebhookUrlRefused)) throw error;
    await showDigest(res, ctx, person, token, `${error.message} Nothing was changed.`);
  }
}
