/** The URL checks of the cockpit configuration: node, Alertmanager and Prometheus URLs, and webhooks. */

/** http(s), no credentials, query or fragment; no trailing slash. undefined when it is not such a URL. */
export function normaliseUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function normaliseWebhook(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
