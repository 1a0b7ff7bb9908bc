/** The toolkit's version, read from the package.json that ships beside the compiled code. */
import { readFileSync } from 'node:fs';

export function packageVersion(): string {
  // Works from source (surfaces/cli) and from dist/surfaces/cli: walk up until a package.json with our name.
  let dir = new URL('./', import.meta.url);
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'node-operator-toolkit' && pkg.version) return pkg.version;
    } catch {
      // not here; keep walking up
    }
    dir = new URL('../', dir);
  }
  return '0.0.0';
}
