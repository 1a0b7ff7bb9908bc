/**
 * What happens to one (chunk, vantage) request of the per-chunk walk. It is where a node's answer is judged:
 *
 * - A body counts only when it verifies against the address asked for (core/swarm/verify-chunk.ts): a node
 *   answering 200 with an HTML page, or with another chunk, gets an error for that chunk, not a "found", and
 *   the walk never reads children out of an unverified body. Bodies of one chunk from several nodes are
 *   hashed once and compared, and the children of a body are read once: a byte-identical body from another
 *   vantage gets the verifier's same verdict, and with it the children already read.
 * - A node that stops answering is given up on (core/retcheck/vantage-reachability.ts): after a few failures
 *   in a row to reach it, its requests in flight are cancelled and its remaining chunks are answered at once
 *   as not probed, with the reason.
 */
import { chunkChildren } from '../../core/retcheck/chunk-children.js';
import { nextReachability, REACHABLE, type VantageReachability } from '../../core/retcheck/vantage-reachability.js';
import { hexToBytes } from '../../core/swarm/bytes.js';
import { createChunkVerifier, type ChunkVerdict } from '../../core/swarm/verify-chunk.js';
import type { ChunkAnswer, ChunkRequest, ChunkWalkVantage } from '../../machines/retcheck/chunk-walk.machine.js';
import { isUnreachableError, type RetcheckApi } from './retcheck-api.js';
import { errorText } from '../../core/error-text.js';

const now = () => performance.now();

/** Per vantage: a way to cancel its calls, and whether it still answers. */
interface VantageLine {
  readonly controller: AbortController;
  readonly limits: { signal: AbortSignal; timeoutMs: number };
  reachability: VantageReachability;
}

interface ChunkLinks {
  readonly children: string[];
  readonly parity: string[];
  readonly tree?: { size: number; level: 0 | 1 | 2 | 3 | 4 };
}

const NO_LINKS: ChunkLinks = { children: [], parity: [] };

export class ChunkProbeRunner {
  private readonly verifier = createChunkVerifier();
  /**
   * Children read from each verdict the verifier gave (it gives the same verdict object for a byte-identical
   * body), with the reference they were read for: an encrypted chunk's children depend on the key in it.
   */
  private readonly linksByVerdict = new WeakMap<ChunkVerdict, { reference: string; links: ChunkLinks }>();
  private readonly lines: VantageLine[];

  constructor(
    private readonly api: RetcheckApi,
    private readonly vantages: readonly ChunkWalkVantage[],
    timeoutMs: number,
  ) {
    // One limits object per vantage for every call: per-call objects add up over thousands of chunks.
    this.lines = vantages.map(() => {
      const controller = new AbortController();
      return { controller, limits: { signal: controller.signal, timeoutMs }, reachability: REACHABLE };
    });
  }

  /** Runs one request; `done` gets its answer exactly once, never synchronously. */
  probe(request: ChunkRequest, done: (answer: ChunkAnswer) => void): void {
    const { address, vantage: index } = request;
    const vantage = this.vantages[index];
    const line = this.lines[index];
    if (!vantage || !line) {
      queueMicrotask(() => done({ address, vantage: index, found: false, elapsedMs: 0, error: `no vantage ${index}` }));
      return;
    }
    if (line.reachability.unreachable) {
      // Answered without a fetch; a microtask keeps the caller's queue from recursing through a run of these.
      const reason = line.reachability.unreachable;
      queueMicrotask(() => done(notProbed(request, reason)));
      return;
    }
    const started = now();
    // Chunks of encrypted content travel as their 128-hex reference: fetch by address, decrypt with the key.
    const encrypted = address.length === 128;
    const chunkAddress = encrypted ? address.slice(0, 64) : address;
    void this.api.chunk(vantage.url, chunkAddress, line.limits).then(
      (body) => {
        line.reachability = nextReachability(line.reachability, { kind: 'answered' });
        if (body === undefined) return done({ address, vantage: index, found: false, elapsedMs: now() - started });
        const verdict = this.verifier.verify(chunkAddress, body);
        if (verdict.kind === 'mismatch') return done({ address, vantage: index, found: false, elapsedMs: now() - started, error: `invalid chunk: ${verdict.reason}` });
        const links = this.linksOf(verdict, address, encrypted);
        const elapsedMs = now() - started;
        const answer: ChunkAnswer = { address, vantage: index, found: true, elapsedMs, children: links.children };
        if (links.parity.length > 0) answer.parity = links.parity;
        if (links.tree) answer.tree = links.tree;
        done(answer);
      },
      (error: unknown) => {
        // Cancelled because the vantage was given up on meanwhile: not probed, like its queued chunks.
        if (line.reachability.unreachable) return done(notProbed(request, line.reachability.unreachable));
        const text = errorText(error);
        line.reachability = nextReachability(line.reachability, isUnreachableError(error) ? { kind: 'unreachable', error: text } : { kind: 'answered' });
        done({ address, vantage: index, found: false, elapsedMs: now() - started, error: text });
        if (line.reachability.unreachable) line.controller.abort();
      },
    );
  }

  /** The children of a verified body: read once per verdict (and reference), the same arrays after that. */
  private linksOf(verdict: ChunkVerdict & { data: Uint8Array }, reference: string, encrypted: boolean): ChunkLinks {
    const known = this.linksByVerdict.get(verdict);
    if (known && known.reference === reference) return known.links;
    let links: ChunkLinks;
    try {
      links = chunkChildren(verdict.data, encrypted ? hexToBytes(reference.slice(64)) : undefined);
    } catch {
      links = NO_LINKS; // a verified chunk that is no tree node: nothing to descend into
    }
    this.linksByVerdict.set(verdict, { reference, links });
    return links;
  }

  /** Cancels every call in flight. */
  stop(): void {
    for (const line of this.lines) line.controller.abort();
  }
}

function notProbed(request: ChunkRequest, reason: string): ChunkAnswer {
  return { address: request.address, vantage: request.vantage, found: false, elapsedMs: 0, error: reason, notProbed: true };
}
