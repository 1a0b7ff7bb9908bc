/**
 * Case ids some runner implements. A spec entry outside this list is refused up front ("unknown case id"),
 * before any runner starts: adding a case means implementing it in all four runners and listing it here.
 */
export const KNOWN_CASE_IDS = [
  'cpu.keccak.chunk-hash',
  'cpu.keccak.bulk',
  'cpu.keccak.parallel',
  'cpu.bmt.chunk-address',
  'cpu.bmt.file-root',
  'cpu.ecdsa.sign-1000',
  'cpu.ecdsa.verify-1000',
  'cpu.identity.create',
  'cpu.manifest.hash-50files',
  'cpu.manifest.lookup-large',
  'net.stamps.list',
  'net.stamps.concurrent',
  'net.feed.write-read.fresh',
  'net.feed.write-read.warm',
  'net.chunks.upload',
  'net.chunks.upload.parallel',
  'net.stream-dir.upload',
  'net.soc.upload',
  'net.bzz.upload',
  'net.bzz.upload.encrypted',
  'net.bytes.upload',
  'net.bzz.upload.parallel',
  'net.bzz.upload-from-disk',
  'net.bzz.download',
  'net.bytes.head',
  'net.bytes.download.range',
  'net.bytes.download.parallel',
  'net.pin.add-list',
  'net.tags.upload-with-tag',
] as const;

export type CaseId = (typeof KNOWN_CASE_IDS)[number];

/** Per-domain table a case belongs to in the report (spec §4 "per-domain case tables"). */
export function caseDomain(id: string): string {
  if (id.startsWith('cpu.keccak')) return 'CPU: keccak';
  if (id.startsWith('cpu.bmt')) return 'CPU: BMT';
  if (id.startsWith('cpu.ecdsa') || id.startsWith('cpu.identity')) return 'CPU: signing and identities';
  if (id.startsWith('cpu.manifest')) return 'CPU: manifests';
  if (id.startsWith('net.stamps')) return 'Calibration';
  if (id.startsWith('net.feed')) return 'Feeds';
  if (id === 'net.bzz.upload-from-disk') return 'Streaming upload from disk';
  if (id === 'net.chunks.upload') return 'Chunk pipeline';
  if (/^net\.(bzz|bytes|chunks)\.upload/.test(id)) return 'Network upload';
  if (id.startsWith('net.bzz.download') || id.startsWith('net.bytes.')) return 'Network download';
  if (id.startsWith('net.chunks') || id.startsWith('net.stream-dir') || id.startsWith('net.soc')) return 'Chunk pipeline';
  if (id.startsWith('net.pin') || id.startsWith('net.tags')) return 'Pin and tag';
  return id.startsWith('cpu.') ? 'CPU: other' : 'Network: other';
}
