/**
 * Model-based test of the chunk walk: a root with one data child and one parity child on two vantages,
 * concurrency 2. The graph tries every order of answers (single and batched), a stray answer and a repeat;
 * assertions check the request window (concurrency × REQUEST_WINDOW_PER_SLOT; the prober keeps the
 * concurrency bound itself, see actors/retcheck/chunk-prober.test.ts), the breadth-first order, that
 * parity is probed but never descended into, and the output (the intermediate chunk's references kept whole).
 */
import { expect } from 'vitest';
import type { ChunkVantageProbe } from '../../config-schema/retcheck-report.js';
import { describeMachineModel } from '../../test/model-based.js';
import { chunkWalkMachine, REQUEST_WINDOW_PER_SLOT, selectWalkProgress, type ChunkAnswer, type ChunkWalkInput } from './chunk-walk.machine.js';

const ROOT = 'aa'.repeat(32);
const DATA = 'bb'.repeat(32);
const PARITY = 'cc'.repeat(32);
/** What a prober might read out of a parity chunk's bytes: it must be ignored. */
const NOISE = 'dd'.repeat(32);
const input: ChunkWalkInput = { root: ROOT, vantages: [{ url: 'http://a', overlay: '00'.repeat(32) }, { url: 'http://b' }], concurrency: 2, cap: 1000, timeoutMs: 500 };

const answered = (...answers: ChunkAnswer[]) => ({ type: 'chunks.answered' as const, answers });
const rootA: ChunkAnswer = { address: ROOT, vantage: 0, found: true, elapsedMs: 4.4, children: [DATA, DATA], parity: [PARITY], tree: { size: 8192, level: 1 } };
const rootB: ChunkAnswer = { address: ROOT, vantage: 1, found: false, elapsedMs: 7, error: 'timed out' };
const dataA: ChunkAnswer = { address: DATA, vantage: 0, found: true, elapsedMs: 2, children: [] };
const dataB: ChunkAnswer = { address: DATA, vantage: 1, found: true, elapsedMs: 3, children: [] };
const parityA: ChunkAnswer = { address: PARITY, vantage: 0, found: true, elapsedMs: 1, children: [NOISE] };
const parityB: ChunkAnswer = { address: PARITY, vantage: 1, found: false, elapsedMs: 1 };

const probeOf = (a: ChunkAnswer): ChunkVantageProbe => ({ found: a.found, elapsed_ms: Math.round(a.elapsedMs), ...(a.error ? { error: a.error } : {}) });

describeMachineModel(chunkWalkMachine, {
  input,
  events: {
    'chunks.answered': {
      rootA: answered(rootA),
      rootB: answered(rootB),
      dataBoth: answered(dataA, dataB),
      parityA: answered(parityA),
      parityB: answered(parityB),
      stray: answered({ address: NOISE, vantage: 0, found: true, elapsedMs: 1, children: [ROOT] }),
      repeat: answered(rootA, { ...rootA, vantage: 9 }),
    },
  },
  states: {
    walking: (s, probe) => {
      const { outstanding, nextPair, queue } = s.context;
      expect(probe.inputOf('prober')).toEqual({ vantages: input.vantages, timeoutMs: 500, concurrency: 2 });
      expect(outstanding).toBeGreaterThan(0);
      expect(outstanding).toBeLessThanOrEqual(input.concurrency * REQUEST_WINDOW_PER_SLOT);
      // Breadth-first: data children before parity, never the noise read from a parity chunk.
      expect([[ROOT], [ROOT, DATA, PARITY]]).toContainEqual(queue);
      expect(nextPair).toBeLessThanOrEqual(queue.length * 2);
      const { done, discovered } = selectWalkProgress(s);
      expect(discovered).toBe(queue.length);
      expect(done).toBeLessThan(discovered);
    },
    done: (s) => {
      expect(s.output).toEqual({
        chunks: [
          { address: ROOT, perVantage: [probeOf(rootA), probeOf(rootB)] },
          { address: DATA, perVantage: [probeOf(dataA), probeOf(dataB)] },
          { address: PARITY, perVantage: [probeOf(parityA), probeOf(parityB)] },
        ],
        // The root's data and parity references as read, repeats included: what the erasure verdicts are built on.
        trees: [{ address: ROOT, size: 8192, level: 1, data: [DATA, DATA], parity: [PARITY] }],
        cap: { limit: 1000, foundNotProbed: 0 },
      });
      expect(selectWalkProgress(s)).toEqual({ done: 3, discovered: 3 });
    },
  },
});
