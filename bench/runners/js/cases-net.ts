/**
 * Net cases of the js runner: bee-js 12.1.0's Bee class (axios underneath), one instance for the whole run.
 * Salted uploads; downloads through its readable-stream calls, drained. Range reads go through
 * downloadData with a Range request header (bee-js has no range call of its own).
 */
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { Bee, PrivateKey, Topic, type BeeRequestOptions } from '@ethersphere/bee-js';
import { rangeOffsets, resalt, saltedBuffer, withConcurrency, type CaseEnv, type CaseImpl } from '../../lib/node-runner.js';
import { dirFiles, feedTargetContent, freshId, saltedChunkPayload, smallContents, unreadableLength } from '../../lib/net-inputs.js';
import { MB } from '../../lib/case-inputs.js';

const bees = new Map<string, Bee>();
export function beeFor(env: Pick<CaseEnv, 'nodeUrl' | 'token'>): Bee {
  const key = `${env.nodeUrl} ${env.token ?? ''}`;
  let bee = bees.get(key);
  if (!bee) {
    const options = env.token ? { headers: { authorization: `Bearer ${env.token}` }, timeout: 300_000 } : { timeout: 300_000 };
    bee = new Bee(env.nodeUrl, options);
    bees.set(key, bee);
  }
  return bee;
}

/** bee-js types its streams as web ReadableStreams; under Node they arrive as Node Readables. Either is drained. */
async function drain(stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  if ('getReader' in stream) {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return n;
      n += value.length;
    }
  }
  for await (const part of stream) n += part.length;
  return n;
}

function expectBytes(what: string, got: number, expected: number): void {
  if (got !== expected) throw new Error(`${what}: ${got} bytes, expected ${expected}`);
}

const stampsList: CaseImpl = (env) => {
  const bee = beeFor(env);
  return {
    run: async () => {
      for (let i = 0; i < env.params.count!; i++) await bee.getAllPostageBatch();
    },
    bytes: 0,
    units: env.params.count!,
    unit: 'call',
  };
};

const stampsConcurrent: CaseImpl = (env) => {
  const bee = beeFor(env);
  return {
    run: () => withConcurrency(env.params.count!, env.params.concurrency!, () => bee.getAllPostageBatch()),
    bytes: 0,
    units: env.params.count!,
    unit: 'call',
  };
};

/** Updates point at a small upload made during setup (Bee resolves the reference on GET /feeds; see the ts runner). */
function feedCase(warm: boolean): CaseImpl {
  return async (env) => {
    const bee = beeFor(env);
    const signer = new PrivateKey(freshId());
    const count = env.params.count!;
    const content = feedTargetContent();
    const target = (await bee.uploadData(env.batchId, content)).reference;
    let topics: Topic[] = [];
    const warmTopic = new Topic(freshId());
    if (warm) await bee.makeFeedWriter(warmTopic, signer).uploadReference(env.batchId, target, { index: 0 });
    return {
      before: () => {
        topics = Array.from({ length: count }, () => new Topic(freshId()));
      },
      run: async () => {
        for (let i = 0; i < count; i++) {
          const topic = warm ? warmTopic : topics[i]!;
          const writer = bee.makeFeedWriter(topic, signer);
          // Fresh: the topic is known to be new, so index 0 is written without a lookup; warm: bee-js finds the next index.
          await writer.uploadReference(env.batchId, target, warm ? {} : { index: 0 });
          const read = await writer.download();
          expectBytes('feed read (the upload the update points at)', read.payload.length, content.length);
        }
      },
      bytes: 0,
      units: count,
      unit: 'write+read',
    };
  };
}

function uploadCase(kind: 'bzz' | 'bytes', encrypt = false): CaseImpl {
  return (env) => {
    const bee = beeFor(env);
    const buf = saltedBuffer(env.fixture(env.params.size_mb!));
    return {
      before: () => resalt(buf),
      run: async () => {
        const r =
          kind === 'bzz'
            ? await bee.uploadFile(env.batchId, buf, 'fixture.bin', { contentType: 'application/octet-stream', ...(encrypt ? { encrypt: true } : {}) })
            : await bee.uploadData(env.batchId, buf);
        return r.reference.toHex();
      },
      bytes: buf.length,
      units: 1,
      unit: 'upload',
    };
  };
}

const bzzParallel: CaseImpl = (env) => {
  const bee = beeFor(env);
  const { files, size_mb, concurrency } = env.params as { files: number; size_mb: number; concurrency: number };
  const bufs = Array.from({ length: files }, () => saltedBuffer(env.fixture(size_mb)));
  return {
    before: () => bufs.forEach(resalt),
    run: () => withConcurrency(files, concurrency, (i) => bee.uploadFile(env.batchId, bufs[i]!, `file-${i}.bin`, { contentType: 'application/octet-stream' })),
    bytes: bufs.reduce((a, b) => a + b.length, 0),
    units: files,
    unit: 'upload',
  };
};

function chunksCase(parallel: boolean): CaseImpl {
  return (env) => {
    const bee = beeFor(env);
    const count = env.params.count!;
    const fixture = env.fixture(1);
    let chunks: Uint8Array[] = [];
    return {
      before: () => {
        chunks = Array.from({ length: count }, (_, i) => bee.makeContentAddressedChunk(saltedChunkPayload(fixture, i)).data);
      },
      run: () => withConcurrency(count, parallel ? env.params.concurrency! : 1, (i) => bee.uploadChunk(env.batchId, chunks[i]!)),
      bytes: count * 4096,
      units: count,
      unit: 'chunk',
    };
  };
}

const uploadFromDisk: CaseImpl = (env) => {
  const bee = beeFor(env);
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
      const r = await bee.uploadFile(env.batchId, Readable.from(body()), 'fixture.bin', { contentType: 'application/octet-stream', size: size + 32 });
      return r.reference.toHex();
    },
    bytes: size + 32,
    units: 1,
    unit: 'upload',
  };
};

async function uploadOnce(env: CaseEnv, sizeMb: number, kind: 'bzz' | 'bytes', levelZero = false): Promise<{ ref: string; length: number }> {
  const bee = beeFor(env);
  const buf = saltedBuffer(env.fixture(sizeMb));
  resalt(buf);
  const levelHeader: BeeRequestOptions | undefined = levelZero ? { headers: { 'swarm-redundancy-level': '0' } } : undefined;
  const r = kind === 'bzz' ? await bee.uploadFile(env.batchId, buf, 'fixture.bin', { contentType: 'application/octet-stream' }) : await bee.uploadData(env.batchId, buf, undefined, levelHeader);
  return { ref: r.reference.toHex(), length: buf.length };
}

const bzzDownload: CaseImpl = async (env) => {
  const bee = beeFor(env);
  const { ref, length } = await uploadOnce(env, env.params.size_mb!, 'bzz');
  return {
    run: async () => expectBytes('GET /bzz', await drain((await bee.downloadReadableFile(ref)).data), length),
    bytes: length,
    units: 1,
    unit: 'download',
  };
};

/**
 * Level-0 row and default-level row (see the ts runner). bee-js cannot ask for level 0 through its options (it
 * drops a redundancyLevel of 0, so Bee applies its default 1): the setup upload of that row sends the header
 * itself. On the default row, Bee v2.8.1's negative Content-Length makes the HEAD fail inside bee-js (Node's
 * HTTP parser refuses the answer): the row is skipped with bee-js's own error.
 */
const bytesHead: CaseImpl = async (env) => {
  const bee = beeFor(env);
  const levelZero = env.params.redundancy_level === 0;
  const { ref, length } = await uploadOnce(env, env.params.size_mb!, 'bytes', levelZero);
  try {
    await bee.probeData(ref);
  } catch (error) {
    if (!levelZero && /content-length/i.test(String((error as Error).message))) return { skip: unreadableLength('bee-js 12.1.0', error) };
    throw error;
  }
  return {
    run: async () => {
      for (let i = 0; i < env.params.count!; i++) {
        const info = await bee.probeData(ref);
        if (info.contentLength !== length) throw new Error(`HEAD /bytes: length ${info.contentLength}`);
      }
    },
    bytes: 0,
    units: env.params.count!,
    unit: 'call',
  };
};

const bytesRange: CaseImpl = async (env) => {
  const bee = beeFor(env);
  const { ref, length } = await uploadOnce(env, env.params.size_mb!, 'bytes');
  const rangeBytes = env.params.range_kb! * 1024;
  const offsets = rangeOffsets(env.params.count!, length, rangeBytes);
  return {
    run: async () => {
      for (const at of offsets) {
        const options: BeeRequestOptions = { headers: { range: `bytes=${at}-${at + rangeBytes - 1}` } };
        const data = await bee.downloadData(ref, undefined, options);
        expectBytes('range read', data.length, rangeBytes);
      }
    },
    bytes: offsets.length * rangeBytes,
    units: offsets.length,
    unit: 'range',
  };
};

const bytesParallel: CaseImpl = async (env) => {
  const bee = beeFor(env);
  const { ref, length } = await uploadOnce(env, env.params.size_mb!, 'bytes');
  const count = env.params.count!;
  return {
    run: () =>
      withConcurrency(count, env.params.concurrency!, async () => expectBytes('GET /bytes', await drain(await bee.downloadReadableData(ref)), length)),
    bytes: count * length,
    units: count,
    unit: 'download',
  };
};

/** bee-js streams a directory from disk (streamDirectory): the salted files are written there before timing. */
const streamDir: CaseImpl = (env) => {
  const bee = beeFor(env);
  const fixture = env.fixture(1);
  const root = mkdtempSync(join(tmpdir(), 'bench-js-dir-'));
  let dir = root;
  let n = 0;
  return {
    before: () => {
      dir = join(root, `it-${n++}`);
      for (const f of dirFiles(fixture, env.params.files!, env.params.file_bytes!)) {
        mkdirSync(dirname(join(dir, f.path)), { recursive: true });
        writeFileSync(join(dir, f.path), f.data);
      }
    },
    run: async () => (await bee.streamDirectory(env.batchId, dir)).reference.toHex(),
    after: () => rmSync(root, { recursive: true, force: true }),
    bytes: env.params.files! * env.params.file_bytes!,
    units: env.params.files!,
    unit: 'file',
  };
};

const socUpload: CaseImpl = (env) => {
  const bee = beeFor(env);
  const writer = bee.makeSOCWriter(new PrivateKey(freshId()));
  const count = env.params.count!;
  const fixture = env.fixture(1);
  let ids: Uint8Array[] = [];
  return {
    before: () => {
      ids = Array.from({ length: count }, () => freshId());
    },
    run: async () => {
      for (let i = 0; i < count; i++) await writer.upload(env.batchId, ids[i]!, fixture.subarray(i * 1024, i * 1024 + 1024));
    },
    bytes: count * 1024,
    units: count,
    unit: 'soc',
  };
};

const pins: CaseImpl = async (env) => {
  const bee = beeFor(env);
  const refs: string[] = [];
  for (const c of smallContents(env.params.count!)) refs.push((await bee.uploadData(env.batchId, c)).reference.toHex());
  return {
    run: async () => {
      for (const r of refs) await bee.pin(r);
      const listed = new Set((await bee.getAllPins()).map((r) => r.toHex()));
      if (refs.some((r) => !listed.has(r))) throw new Error('a pinned reference is missing from GET /pins');
      for (const r of refs) await bee.unpin(r);
    },
    bytes: 0,
    units: refs.length * 2 + 1,
    unit: 'call',
  };
};

const tagged: CaseImpl = (env) => {
  const bee = beeFor(env);
  const buf = saltedBuffer(env.fixture(env.params.size_mb!));
  return {
    before: () => resalt(buf),
    run: async () => {
      const tag = await bee.createTag();
      await bee.uploadData(env.batchId, buf, { tag: tag.uid });
      const after = await bee.retrieveTag(tag.uid);
      if (after.split < Math.floor(buf.length / 4096)) throw new Error(`tag ${tag.uid} split ${after.split} chunks`);
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
