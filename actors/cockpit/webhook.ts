/**
 * Posting one alert to a chat-compatible incoming webhook (Slack, Mattermost, Rocket.Chat, Discord: see
 * core/cockpit/alerts.ts for the body). Any 2xx is delivered; anything else, a refused connection or no
 * answer within the timeout is an error the webhook sink retries. Error messages never carry the URL: a
 * webhook URL is a secret (its path is the credential).
 */
import { fromPromise } from 'xstate';
import type { WebhookBody } from '../../core/cockpit/alerts.js';
import { groupDigits } from '../../core/cockpit/format.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export async function postWebhook(url: string, body: WebhookBody, signal: AbortSignal, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<void> {
  const deadline = AbortSignal.timeout(timeoutMs);
  let response;
  try {
    const { request } = await import('undici');
    response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'cockpit' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, deadline]),
    });
  } catch (error) {
    if (deadline.aborted && !signal.aborted) throw new Error(`no answer within ${groupDigits(timeoutMs)} ms`);
    const code = (error as { code?: string }).code;
    throw new Error(code ? `cannot post (${code})` : 'cannot post');
  }
  // The answer is read to the end (a chat service says "ok"), and bounded by the same deadline.
  await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
  if (response.statusCode < 200 || response.statusCode >= 300) throw new Error(`HTTP ${response.statusCode}`);
}

/** The webhook sink's `postWebhook` actor, bound to one URL. */
export function postWebhookLogic(url: string, timeoutMs = WEBHOOK_TIMEOUT_MS) {
  return fromPromise<void, { body: WebhookBody }>(({ input, signal }) => postWebhook(url, input.body, signal, timeoutMs));
}
