/**
 * Loads the terminal face with Ink 6's CI detection off: the first of the Ink 6 gaps described in ink6.ts (Ink 7's
 * `render(…, { interactive: true })`). It runs before Ink is loaded, so this module imports neither Ink nor React.
 */
const CI_VARIABLES = ['CI', 'CONTINUOUS_INTEGRATION'] as const;

/**
 * Runs `load` (the face's dynamic import) with CI and CONTINUOUS_INTEGRATION hidden, and NODE_ENV defaulting to
 * `production` (React's production build when the face runs unbundled; the bundled bin fixes it at build time);
 * the environment is put back as soon as the modules are loaded.
 *
 * The global `fetch` is hidden for as long, too: Ink's layout engine (yoga-layout's Emscripten loader) reads its
 * WebAssembly, which it carries as base64, with `fetch` of a data: URL whenever `fetch` is a function, and
 * Node's first `fetch` call reads and compiles Node's own bundled undici (tens of ms of a launch's CPU). Without
 * `fetch` the loader decodes the same bytes itself. Nothing in the cockpit calls the global `fetch` (its HTTP
 * goes through actors/node-client's own wires), so hiding it while the face loads changes no request.
 */
export async function importInteractive<T>(load: () => Promise<T>): Promise<T> {
  const saved = [...CI_VARIABLES, 'NODE_ENV'].map((name) => [name, process.env[name]] as const);
  for (const name of CI_VARIABLES) delete process.env[name];
  process.env.NODE_ENV ??= 'production';
  const fetchProperty = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (fetchProperty?.configurable) delete (globalThis as { fetch?: unknown }).fetch;
  try {
    return await load();
  } finally {
    if (fetchProperty?.configurable) Object.defineProperty(globalThis, 'fetch', fetchProperty);
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
