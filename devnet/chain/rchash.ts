/**
 * A reserve-sample answer shaped like Bee's GET /rchash/{depth}/{anchor1}/{anchor2}. The devnet does
 * not build a real sample; it derives every hash from the node, depth and anchors (so repeated calls
 * agree and different anchors differ) and reports the duration the rchashSeconds fault sets, which is
 * what the cockpit's benchmark verdict (green under 95 s) reads.
 */
import { bytesToHex, concatBytes, hexToBytes, uint64BE, utf8Encode } from '../../core/swarm/bytes.js';
import { keccak256 } from '../../core/swarm/keccak.js';

export interface PostageProof {
  signature: string;
  postageId: string;
  index: string;
  timeStamp: string;
}

export interface SocProof {
  signer: string;
  signature: string;
  identifier: string;
  chunkAddr: string;
}

export interface ChunkInclusionProof {
  chunkSpan: number;
  proofSegments: string[];
  proveSegment: string;
  proofSegments2: string[];
  proveSegment2: string;
  proofSegments3: string[];
  postageProof: PostageProof;
  socProof: SocProof[] | null;
}

export interface RchashAnswer {
  hash: string;
  durationSeconds: number;
  proofs: { proof1: ChunkInclusionProof; proof2: ChunkInclusionProof; proofLast: ChunkInclusionProof };
}

/** BMT proof depth for a 4 KiB chunk: 128 segments, 7 levels. */
const PROOF_SEGMENTS = 7;

export interface RchashInput {
  overlay: Uint8Array;
  depth: number;
  anchor1: Uint8Array;
  anchor2: Uint8Array;
  /** A batch of the sampled chunks' stamps; any existing batch ID or 32 zero bytes. */
  batchId: string;
  durationSeconds: number;
}

export function reserveSample(input: RchashInput): RchashAnswer {
  const seed = keccak256(input.overlay, new Uint8Array([input.depth]), input.anchor1, input.anchor2);
  const derive = (label: string): Uint8Array => keccak256(seed, utf8Encode(label));
  const proof = (name: string): ChunkInclusionProof => {
    const segments = (n: string): string[] => Array.from({ length: PROOF_SEGMENTS }, (_, i) => bytesToHex(derive(`${name}/${n}/${i}`)));
    const span = derive(`${name}/span`);
    return {
      chunkSpan: 1 + (((span[0]! << 8) | span[1]!) % 4096),
      proofSegments: segments('1'),
      proveSegment: bytesToHex(derive(`${name}/prove1`)),
      proofSegments2: segments('2'),
      proveSegment2: bytesToHex(derive(`${name}/prove2`)),
      proofSegments3: segments('3'),
      postageProof: {
        signature: bytesToHex(concatBytes(derive(`${name}/r`), derive(`${name}/s`), new Uint8Array([27]))),
        postageId: input.batchId,
        index: bytesToHex(derive(`${name}/index`).subarray(0, 8)),
        timeStamp: bytesToHex(uint64BE(BigInt(Math.floor(input.durationSeconds * 1e9)))),
      },
      // Bee renders a nil slice for a chunk that is no SOC: null, not [].
      socProof: null,
    };
  };
  return {
    hash: bytesToHex(derive('hash')),
    durationSeconds: input.durationSeconds,
    proofs: { proof1: proof('proof1'), proof2: proof('proof2'), proofLast: proof('proofLast') },
  };
}

/** Anchors arrive as hex path segments; undefined when not hex. */
export function parseAnchor(text: string): Uint8Array | undefined {
  if (!/^(0x)?([0-9a-fA-F]{2})+$/.test(text)) return undefined;
  return hexToBytes(text);
}
