/** `inspect`: the manifest's documents and entries, then a summary; or why the reference is no manifest. */
import type { OnceData } from '../../../config-schema/once-results.js';
import { formatCount } from '../format.js';
import { showControlCharacters } from '../../terminal/visible-text.js';
import { plural, type VerbTextOf } from './verb-text.js';

export const verbText: VerbTextOf<OnceData<'inspect'>> = (_status, data) => {
  const { reference } = data;
  if (data.kind === 'not-a-manifest') {
    if (data.rootBytes !== undefined) return { message: `${reference} is not a mantaray manifest: its root holds ${formatCount(data.rootBytes)} bytes of content` };
    return { message: `${reference} is not a mantaray manifest (${data.notManifestBecause}): fetch it with /bytes, not /bzz` };
  }
  const lines = data.entries.map((e) => `${e.reference.slice(0, 16)}…  ${(e.contentType ?? '').padEnd(24)}  /${e.path}`);
  const head = [
    ...(data.feed ? [`feed manifest: owner ${data.feed.owner} topic ${data.feed.topic} (${data.feed.type})`] : []),
    ...(data.indexDocument ? [`index document: ${data.indexDocument}`] : []),
    ...(data.errorDocument ? [`error document: ${data.errorDocument}`] : []),
  ];
  const summary = `${reference.slice(0, 16)}…: ${data.kind === 'feed' ? 'feed manifest' : 'manifest'}, ${formatCount(data.entries.length)} ${plural(data.entries.length, 'path')}, ${formatCount(data.nodeCount)} ${plural(data.nodeCount, 'node')}`;
  return { message: summary, text: [...head, ...lines, summary].map(showControlCharacters).join('\n') };
};
