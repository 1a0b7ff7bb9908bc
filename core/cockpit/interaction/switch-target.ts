/**
 * What `:context <name or URL>` (also the picker and S15) means: a node of the fleet by name, a node of the
 * fleet by URL, or a new ad-hoc node for a URL the fleet does not have (named by its URL, as nodes from the
 * command line are). A new ad-hoc node gets no token: the active node's token is never sent to another host;
 * a node that needs one says so in its row.
 */
import { normaliseUrl } from '../config/resolve-config.js';
import type { EngineNodeRef } from './screen-env.js';

export type SwitchTarget =
  | { readonly kind: 'node'; readonly name: string }
  | { readonly kind: 'newNode'; readonly node: EngineNodeRef }
  | { readonly kind: 'unknown'; readonly message: string };

/** `http://host:1633/` → `http://host:1633`; null for anything that is not a plain http(s) URL (the config's rule). */
export function normaliseNodeUrl(text: string): string | null {
  return normaliseUrl(text) ?? null;
}

export function resolveSwitchTarget(nodes: readonly EngineNodeRef[], target: string): SwitchTarget {
  const wanted = target.trim();
  const byName = nodes.find((node) => node.name === wanted) ?? nodes.find((node) => node.name.toLowerCase() === wanted.toLowerCase());
  if (byName) return { kind: 'node', name: byName.name };
  const url = normaliseNodeUrl(wanted);
  if (url) {
    const byUrl = nodes.find((node) => node.url === url);
    return byUrl ? { kind: 'node', name: byUrl.name } : { kind: 'newNode', node: { name: url, url } };
  }
  const names = nodes.map((node) => node.name).join(', ');
  return { kind: 'unknown', message: `no node named ${JSON.stringify(wanted)} (nodes: ${names}); give a name or an http(s) URL` };
}
