/**
 * Deterministic inputs of the CPU cases, defined so that the Go and Rust runners build the very same ones
 * (see their inputs.go / inputs.rs): message i is keccak256("msg-<i>"); manifest file i has path
 * "site/dir-<i mod 16>/file-<i>.bin", reference keccak256("ref-<i>"), Content-Type application/octet-stream
 * and Filename "file-<i>.bin"; lookup j is a hit on file (j * 7919) mod n when (j mod 100) < hit_ratio * 100,
 * else a miss "site/dir-<j mod 16>/missing-<j>.bin".
 */
import { keccak256 } from '../../core/swarm/keccak.js';
import { utf8Encode } from '../../core/swarm/bytes.js';

export const MB = 1_000_000;

export function messages(count: number): Uint8Array[] {
  return Array.from({ length: count }, (_, i) => keccak256(utf8Encode(`msg-${i}`)));
}

export interface ManifestFile {
  readonly path: string;
  readonly name: string;
  readonly reference: Uint8Array;
  readonly contentType: string;
}

export function manifestFiles(count: number): ManifestFile[] {
  return Array.from({ length: count }, (_, i) => ({
    path: `site/dir-${i % 16}/file-${i}.bin`,
    name: `file-${i}.bin`,
    reference: keccak256(utf8Encode(`ref-${i}`)),
    contentType: 'application/octet-stream',
  }));
}

export function lookupPaths(files: readonly ManifestFile[], finds: number, hitRatio: number): string[] {
  const hitBelow = Math.round(hitRatio * 100);
  return Array.from({ length: finds }, (_, j) =>
    j % 100 < hitBelow ? files[(j * 7919) % files.length]!.path : `site/dir-${j % 16}/missing-${j}.bin`,
  );
}
