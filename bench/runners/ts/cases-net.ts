/**
 * Net cases of the ts runner: this project's node client (actors/node-client) plus core/swarm for everything the
 * client signs or chunks itself (feed updates, SOCs, the stream-dir chunk pipeline). The client is set up as
 * retcheck and the cockpit set theirs up: the raw wire (raw-http-wire.ts: calls with no body or one in memory,
 * downloads counted as they arrive), node:http behind it for what it does not do (the file streamed from disk).
 * Every upload is salted so its reference is new; every download is drained, never buffered.
 */
import { createReadStream } from 'node:fs';
import { bytesToHex, hexToBytes } from '../../../core/swarm/bytes.js';
import { CHUNK_SIZE, makeContentChunk } from '../../../core/swarm/chunk.js';
import { ChunkTreeWriter } from '../../../core/swarm/chunk-tree.js';
import { buildCollectionManifest } from '../../../core/swarm/collection.js';
import { makeFeedUpdateChunk, parseFeedIndexHeader } from '../../../core/swarm/feeds.js';
import { saveManifest } from '../../../core/swarm/manifest-hash.js';
import { createSigner, randomPrivateKey } from '../../../core/swarm/signer.js';
import { makeSingleOwnerChunk } from '../../../core/swarm/soc.js';
import { createNodeClient, createNodeHttpWire, createRawHttpWire, isNotFound, type NodeClient } from '../../../actors/node-client/index.js';
import { rangeOffsets, resalt, saltedBuffer, withConcurrency, type CaseEnv, type CaseImpl } from '../../lib/node-runner.js';
import { dirFiles, feedTargetContent, freshId, saltedChunkPayload, smallContents } from '../../lib/net-inputs.js';
import { MB } from '../../lib/case-inputs.js';

const clients = new Map<string, NodeClient>();
/** The wire every client of the run shares, as retcheck's and the cockpit's clients share theirs. */
const wire = createRawHttpWire({ fallback: createNodeHttpWire() });
/** One client (one connection pool) per node for the whole run, as an application would hold it. */
export function clientFor(env: Pick<CaseEnv, 'nodeUrl' | 'token'>): NodeClient {
  const key = `${env.nodeUrl} ${env.token ?? ''}`;
  let c = clients.get(key);
  if (!c) {
    c = createNodeClient({ baseUrl: env.nodeUrl, token: env.token, timeoutMs: 300_000, wire });
    clients.set(key, c);
  }
  return c;
}

function expectStatus(what: string, status: number, bytes: number, expected?: number): void {
  if (status < 200 || status > 299) throw new Error(`${what}: HTTP ${status}`);
  if (expected !== undefined && bytes !== expected) throw new Error(`${what}: ${bytes} bytes, expected ${expected}`);
}

const stampsList: CaseImpl = (env) => {
  const node = clientFor(env);
  const count = env.params.count!;
  return {
    run: async () => {
      for (let i = 0; i < count; i++) await node.stamps();
    },
    bytes: 0,
    units: count,
    unit: 'call',
  };
};

const stampsConcurrent: CaseImpl = (env) => {
  const node = clientFor(env);
  return {
    run: () => withConcurrency(env.params.count!, env.params.concurrency!, () => node.stamps()),
    bytes: 0,
    units: env.params.count!,
    unit: 'call',
  };
};

/**
 * Feed updates point at a small upload made during setup: Bee's GET /feeds resolves the reference in the update
 * and answers 404 "wrapped chunk cannot be retrieved" (usually: bench/README.md) for a reference nobody uploaded.
 * The read is checked to have resolved to that upload's bytes, in all four runners.
 */
function feedCase(warm: boolean): CaseImpl {
  return async (env) => {
    const node = clientFor(env);
    // The owner's address is derived once, as a feed writer holds it; each update is signed, never recovered.
    const signer = createSigner(randomPrivateKey());
    const owner = signer.addressHex;
    const count = env.params.count!;
    const content = feedTargetContent();
    const target = hexToBytes((await node.uploadBytes(content, { batchId: env.batchId })).reference);
    let topics: Uint8Array[] = [];
    const writeAt = async (topic: Uint8Array, index: bigint) => {
      const soc = makeFeedUpdateChunk(signer, topic, index, target, BigInt(Math.floor(Date.now() / 1000)));
      await node.uploadSoc(owner, bytesToHex(soc.identifier), bytesToHex(soc.signature), soc.wrappedData, { batchId: env.batchId });
    };
    const warmTopic = freshId();
    if (warm) await writeAt(warmTopic, 0n);
    return {
      before: () => {
        topics = Array.from({ length: count }, () => freshId());
      },
      run: async () => {
        for (let i = 0; i < count; i++) {
          const topic = warm ? warmTopic : topics[i]!;
          let index = 0n;
          if (warm) {
            try {
              const latest = await node.feedLatest(owner, bytesToHex(topic));
              index = latest.indexNext !== undefined ? parseFeedIndexHeader(latest.indexNext) : parseFeedIndexHeader(latest.index) + 1n;
            } catch (err) {
              if (!isNotFound(err)) throw err;
            }
          }
          await writeAt(topic, index);
          const read = await node.feedLatest(owner, bytesToHex(topic));
          // Bee v2.8.1 may answer the index before the one just written (its lookup gives each probe 1 s, and a
          // just-uploaded SOC is not always retrievable at once: bench/README.md), never a later one.
          const readIndex = parseFeedIndexHeader(read.index);
          if (readIndex > index || (!warm && readIndex !== index)) throw new Error(`feed read index ${read.index}, wrote ${index}`);
          if (!sameBytes(read.payload, content)) throw new Error(`feed read ${read.payload.length} bytes, not the ${content.length}-byte upload it points at`);
        }
      },
      bytes: 0,
      units: count,
      unit: 'write+read',
    };
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function uploadCase(kind: 'bzz' | 'bytes', encrypt = false): CaseImpl {
  return (env) => {
    const node = clientFor(env);
    const buf = saltedBuffer(env.fixture(env.params.size_mb!));
    return {
      before: () => resalt(buf),
      run: async () => {
        const o = { batchId: env.batchId, ...(encrypt ? { encrypt: true } : {}) };
        const r = kind === 'bzz' ? await node.uploadFile(buf, { ...o, name: 'fixture.bin', contentType: 'application/octet-stream' }) : await node.uploadBytes(buf, o);
        return r.reference;
      },
      bytes: buf.length,
      units: 1,
      unit: 'upload',
    };
  };
}

const bzzParallel: CaseImpl = (env) => {
  const node = clientFor(env);
  const { files, size_mb, concurrency } = env.params as { files: number; size_mb: number; concurrency: number };
  const bufs = Array.from({ length: files }, () => saltedBuffer(env.fixture(size_mb)));
  return {
    before: () => bufs.forEach(resalt),
    run: () =>
      withConcurrency(files, concurrency, (i) =>
        node.uploadFile(bufs[i]!, { batchId: env.batchId, name: `file-${i}.bin`, contentType: 'application/octet-stream' }),
      ),
    bytes: bufs.reduce((a, b) => a + b.length, 0),
    units: files,
    unit: 'upload',
  };
};

function chunksCase(parallel: boolean): CaseImpl {
  return (env) => {
    const node = clientFor(env);
    const count = env.params.count!;
    const fixture = env.fixture(1);
    let chunks: Uint8Array[] = [];
    return {
      before: () => {
        chunks = Array.from({ length: count }, (_, i) => makeContentChunk(saltedChunkPayload(fixture, i)).data);
      },
      run: () =>
        withConcurrency(count, parallel ? env.params.concurrency! : 1, (i) => node.uploadChunk(chunks[i]!, { batchId: env.batchId })),
      bytes: count * CHUNK_SIZE,
      units: count,
      unit: 'chunk',
    };
  };
}

const uploadFromDisk: CaseImpl = (env) => {
  const node = clientFor(env);
  const path = env.fixturePath(env.params.size_mb!);
  const size = env.params.size_mb! * MB;
  let salt = freshId();
  return {
    before: () => {
      salt = freshId();
    },
    run: async () => {
      async function* body() {
        yield salt;
        yield* createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Uint8Array>;
      }
      const r = await node.uploadFile(body(), {
        batchId: env.batchId,
        name: 'fixture.bin',
        contentType: 'application/octet-stream',
        contentLength: size + salt.length,
      });
      return r.reference;
    },
    bytes: size + 32,
    units: 1,
    unit: 'upload',
  };
};

async function uploadOnce(env: CaseEnv, sizeMb: number, kind: 'bzz' | 'bytes', redundancyLevel?: 0): Promise<{ ref: string; length: number }> {
  const node = clientFor(env);
  const buf = saltedBuffer(env.fixture(sizeMb));
  resalt(buf);
  const level = redundancyLevel === undefined ? {} : { redundancyLevel };
  const r = kind === 'bzz' ? await node.uploadFile(buf, { batchId: env.batchId, name: 'fixture.bin', contentType: 'application/octet-stream' }) : await node.uploadBytes(buf, { batchId: env.batchId, ...level });
  return { ref: r.reference, length: buf.length };
}

const bzzDownload: CaseImpl = async (env) => {
  const node = clientFor(env);
  const { ref, length } = await uploadOnce(env, env.params.size_mb!, 'bzz');
  return {
    run: async () => {
      const r = await node.streamBzz(ref);
      expectStatus('GET /bzz', r.status, r.bytes, length);
    },
    bytes: length,
    units: 1,
    unit: 'download',
  };
};

/**
 * Two rows: a level-0 upload (`redundancy_level: 0`), whose Content-Length every client reads, and a default-level
 * upload, for which Bee v2.8.1 sends the root span with its level byte as a negative number: this client decodes
 * it (headBytes, redundancy.ts decodeSpanHeader) and must report the real size.
 */
const bytesHead: CaseImpl = async (env) => {
  const node = clientFor(env);
  const level = env.params.redundancy_level as 0 | undefined;
  const { ref, length } = await uploadOnce(env, env.params.size_mb!, 'bytes', level);
  return {
    run: async () => {
      for (let i = 0; i < env.params.count!; i++) {
        const r = await node.headBytes(ref);
        if (r.status !== 200 || r.contentLength !== length) throw new Error(`HEAD /bytes: HTTP ${r.status}, length ${r.contentLength} (header ${r.headers['content-length']})`);
      }
    },
    bytes: 0,
    units: env.params.count!,
    unit: 'call',
  };
};

const bytesRange: CaseImpl = async (env) => {
  const node = clientFor(env);
  const { ref, length } = await uploadOnce(env, env.params.size_mb!, 'bytes');
  const rangeBytes = env.params.range_kb! * 1024;
  const offsets = rangeOffsets(env.params.count!, length, rangeBytes);
  return {
    run: async () => {
      for (const at of offsets) {
        // Drained like every other download here (and as the go runner drains its ranges), not kept.
        const r = await node.streamRange(ref, at, at + rangeBytes - 1);
        if (r.status !== 206 || r.bytes !== rangeBytes) throw new Error(`range read: HTTP ${r.status}, ${r.bytes} bytes`);
      }
    },
    bytes: offsets.length * rangeBytes,
    units: offsets.length,
    unit: 'range',
  };
};

const bytesParallel: CaseImpl = async (env) => {
  const node = clientFor(env);
  const { ref, length } = await uploadOnce(env, env.params.size_mb!, 'bytes');
  const count = env.params.count!;
  return {
    run: () =>
      withConcurrency(count, env.params.concurrency!, async () => {
        const r = await node.streamBytes(ref);
        expectStatus('GET /bytes', r.status, r.bytes, length);
      }),
    bytes: count * length,
    units: count,
    unit: 'download',
  };
};

const streamDir: CaseImpl = (env) => {
  const node = clientFor(env);
  const fixture = env.fixture(1);
  let files: { path: string; data: Uint8Array }[] = [];
  return {
    before: () => {
      files = dirFiles(fixture, env.params.files!, env.params.file_bytes!);
    },
    run: async () => {
      const send = (data: Uint8Array) => node.uploadChunk(data, { batchId: env.batchId });
      const entries = [];
      for (const f of files) {
        const chunks: Uint8Array[] = [];
        const writer = new ChunkTreeWriter({ onChunk: (c) => chunks.push(c.data) });
        writer.write(f.data);
        const { reference } = writer.finish();
        for (const c of chunks) await send(c);
        entries.push({ path: f.path, reference, contentType: 'application/octet-stream' });
      }
      const manifestChunks: Uint8Array[] = [];
      const root = saveManifest(buildCollectionManifest({ files: entries }), { onChunk: (c) => manifestChunks.push(c.data) });
      for (const c of manifestChunks) await send(c);
      return bytesToHex(root);
    },
    bytes: env.params.files! * env.params.file_bytes!,
    units: env.params.files!,
    unit: 'file',
  };
};

const socUpload: CaseImpl = (env) => {
  const node = clientFor(env);
  const signer = createSigner(randomPrivateKey());
  const owner = signer.addressHex;
  const count = env.params.count!;
  const fixture = env.fixture(1);
  let ids: Uint8Array[] = [];
  return {
    before: () => {
      ids = Array.from({ length: count }, () => freshId());
    },
    run: async () => {
      for (let i = 0; i < count; i++) {
        const soc = makeSingleOwnerChunk(ids[i]!, makeContentChunk(fixture.subarray(i * 1024, i * 1024 + 1024)), signer);
        await node.uploadSoc(owner, bytesToHex(ids[i]!), bytesToHex(soc.signature), soc.wrappedData, { batchId: env.batchId });
      }
    },
    bytes: count * 1024,
    units: count,
    unit: 'soc',
  };
};

const pins: CaseImpl = async (env) => {
  const node = clientFor(env);
  const refs: string[] = [];
  for (const c of smallContents(env.params.count!)) refs.push((await node.uploadBytes(c, { batchId: env.batchId })).reference);
  return {
    run: async () => {
      for (const r of refs) await node.pin(r);
      const listed = new Set(await node.pins());
      if (refs.some((r) => !listed.has(r))) throw new Error('a pinned reference is missing from GET /pins');
      for (const r of refs) await node.unpin(r);
    },
    bytes: 0,
    units: refs.length * 2 + 1,
    unit: 'call',
  };
};

const tagged: CaseImpl = (env) => {
  const node = clientFor(env);
  const buf = saltedBuffer(env.fixture(env.params.size_mb!));
  return {
    before: () => resalt(buf),
    run: async () => {
      const tag = await node.createTag();
      await node.uploadBytes(buf, { batchId: env.batchId, tag: tag.uid });
      const after = await node.tag(tag.uid);
      if (after.split < Math.floor(buf.length / CHUNK_SIZE)) throw new Error(`tag ${tag.uid} split ${after.split} chunks`);
    },
    bytes: buf.length,
    units: 3,
    unit: 'call',
  };
};

export const netCases: Record<string, CaseImpl> = {
  'net.stamps.list': stampsList,
  'net.stamps.concurrent': stampsConcurrent,
  'net.feed.write-read.fresh': feedCase(false),
  'net.feed.write-read.warm': feedCase(true),
  'net.bzz.upload': uploadCase('bzz'),
  'net.bzz.upload.encrypted': uploadCase('bzz', true),
  'net.bytes.upload': uploadCase('bytes'),
  'net.bzz.upload.parallel': bzzParallel,
  'net.chunks.upload.parallel': chunksCase(true),
  'net.bzz.upload-from-disk': uploadFromDisk,
  'net.bzz.download': bzzDownload,
  'net.bytes.head': bytesHead,
  'net.bytes.download.range': bytesRange,
  'net.bytes.download.parallel': bytesParallel,
  'net.chunks.upload': chunksCase(false),
  'net.stream-dir.upload': streamDir,
  'net.soc.upload': socUpload,
  'net.pin.add-list': pins,
  'net.tags.upload-with-tag': tagged,
};
