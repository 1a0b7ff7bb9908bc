// The real-Bee tier: builds (first run) and runs real Bee nodes on loopback. Not part of `npm test`,
// which skips these files; run with `npx vitest run --config bee-cluster/vitest.bee.config.mjs`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['bee-cluster/**/*.real.test.ts', 'test/bee/**/*.test.{ts,tsx}'],
    env: { BEE_CLUSTER_TESTS: '1' },
    // First run compiles bee (minutes on 2 busy cores); later runs start a cluster in ~30 s.
    testTimeout: 120_000,
    hookTimeout: 20 * 60_000,
    pool: 'forks',
    // One cluster at a time: several would fight over the 2 cores and slow every node's startup.
    fileParallelism: false,
  },
});
