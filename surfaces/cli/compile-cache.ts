/**
 * V8's code cache for the modules a bin loads after start (Node 22.1+, `module.enableCompileCache`): the
 * interactive cockpit's engine, React, Ink and the face are compiled once and read back on the next launch.
 * Node 20 has no such call, so there it does nothing. NODE_DISABLE_COMPILE_CACHE=1 turns it off, as Node's
 * own switch does; the cache lives where Node puts it by default (NODE_COMPILE_CACHE, else the temp dir).
 */
import * as nodeModule from 'node:module';

interface CompileCacheModule {
  enableCompileCache?: (directory?: string) => unknown;
}

export function enableCompileCache(): void {
  const enable = (nodeModule as CompileCacheModule).enableCompileCache;
  if (typeof enable !== 'function') return;
  try {
    enable();
  } catch {
    // A cache that cannot be written (a read-only temp dir) only costs the speed-up.
  }
}
