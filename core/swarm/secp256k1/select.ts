/**
 * Which secp256k1 engine runs, chosen once per thread on first use, as the keccak kernel is: the fastest that
 * loads (native addon, then WebAssembly, then @noble/secp256k1). NODE_TOOLKIT_SECP256K1=native|wasm|noble
 * forces one (an engine that cannot load is then an error, not a silent fallback); tests force each with
 * useSecp256k1Engine.
 */
import { SECP256K1_ENGINE_KINDS, type Secp256k1Engine, type Secp256k1EngineKind } from './engine.js';
import { nobleEngine } from './noble-engine.js';
import { engineFromEnvironment, NODE_ENGINE_LOADERS } from './node-engines.js';

export type EngineLoaders = Partial<Record<Secp256k1EngineKind, () => Secp256k1Engine>>;

const DEFAULT_LOADERS: EngineLoaders = { ...NODE_ENGINE_LOADERS, noble: nobleEngine };

/** Loads the engine of that kind, or throws why it cannot (no addon for this platform, not Node, …). */
export function loadSecp256k1Engine(kind: Secp256k1EngineKind, loaders: EngineLoaders = DEFAULT_LOADERS): Secp256k1Engine {
  const load = loaders[kind];
  if (!load) throw new Error(`secp256k1 engine "${kind}" is not available here`);
  return load();
}

/** The first engine in `order` that loads; noble, which always loads, is the last resort. */
export function pickSecp256k1Engine(loaders: EngineLoaders = DEFAULT_LOADERS, order: readonly Secp256k1EngineKind[] = SECP256K1_ENGINE_KINDS): Secp256k1Engine {
  for (const kind of order) {
    try {
      return loadSecp256k1Engine(kind, loaders);
    } catch {
      // Not loadable here: try the next one.
    }
  }
  return nobleEngine();
}

let current: Secp256k1Engine | undefined;

/** The engine NODE_TOOLKIT_SECP256K1 names (undefined when unset); an unknown name or one that cannot load throws. */
export function engineNamedBy(wanted: string | undefined, loaders: EngineLoaders = DEFAULT_LOADERS): Secp256k1Engine | undefined {
  if (wanted === undefined) return undefined;
  if (!(SECP256K1_ENGINE_KINDS as readonly string[]).includes(wanted)) {
    throw new Error(`NODE_TOOLKIT_SECP256K1 must be one of ${SECP256K1_ENGINE_KINDS.join(', ')}, got "${wanted}"`);
  }
  return loadSecp256k1Engine(wanted as Secp256k1EngineKind, loaders);
}

/** The engine in use in this thread (picked on the first call). */
export function secp256k1(): Secp256k1Engine {
  current ??= engineNamedBy(engineFromEnvironment()) ?? pickSecp256k1Engine();
  return current;
}

/** Forces an engine in this thread (tests, benchmarks); throws when it cannot load. Returns the engine. */
export function useSecp256k1Engine(kind: Secp256k1EngineKind): Secp256k1Engine {
  current = loadSecp256k1Engine(kind);
  return current;
}
