import { defineConfig } from 'vitest/config';

// One suite: unit tests live beside their code (*.test.ts), cross-folder tests under test/.
export default defineConfig({
  test: {
    include: ['{core,machines,actors,surfaces,devnet,bee-cluster,bench,config-schema,test}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules', 'dist', 'test/bee/**', 'bee-cluster/**/*.real.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
