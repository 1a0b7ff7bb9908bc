/**
 * The built desktop renderer (`npm run build:desktop`: Vite, relative asset paths) read into memory once, for
 * the two hosts that serve it: `cockpit --serve` over HTTP and Electron's `cockpit://app/` protocol. Only the
 * files of the build exist as paths, so nothing else on disk can be asked for; each is kept gzipped too for
 * browsers that take it (an SSH tunnel is often the slow part).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export interface RendererFile {
  readonly body: Buffer;
  readonly gzip: Buffer | null;
  readonly type: string;
}

export type RendererFiles = ReadonlyMap<string, RendererFile>;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export class RendererNotBuiltError extends Error {
  override name = 'RendererNotBuiltError';
}

/** `surfaces/desktop/renderer/dist` of this checkout (from source or from dist/: walk up to our package.json). */
export function defaultRendererDir(): string {
  let dir = new URL('./', import.meta.url);
  for (let i = 0; i < 8; i++) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string };
      if (pkg.name === 'node-operator-toolkit') return join(fileURLToPath(dir), 'surfaces', 'desktop', 'renderer', 'dist');
    } catch {
      // not here; keep walking up
    }
    dir = new URL('../', dir);
  }
  return fileURLToPath(new URL('../../../surfaces/desktop/renderer/dist', import.meta.url));
}

/** Every file of the build by its relative path (`index.html`, `assets/index-3f2a.js`). */
export function loadRendererFiles(dir: string = defaultRendererDir()): RendererFiles {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new RendererNotBuiltError(`the desktop renderer is not built (${dir} has no index.html): run npm run build:desktop`);
  }
  const files = new Map<string, RendererFile>();
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const body = readFileSync(path);
        const type = TYPES[extname(name)] ?? 'application/octet-stream';
        const compressible = /text|javascript|json|svg/.test(type) && body.length > 1024;
        files.set(relative(dir, path).split(sep).join('/'), { body, gzip: compressible ? gzipSync(body, { level: 9 }) : null, type });
      }
    }
  };
  walk(dir);
  return files;
}
