/**
 * Content type by file extension, as Bee assigns it to collection entries (Go's mime.TypeByExtension for the
 * common web types; anything else application/octet-stream). Used by the devnet's tar collections and by the
 * cockpit's uploads (Bee <= 2.8.0 requires a Content-Type on single-file /bzz uploads).
 */
const BY_EXTENSION: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'text/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/vnd.microsoft.icon',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.zip': 'application/zip',
  '.tar': 'application/x-tar',
};

export function contentTypeByExtension(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash) return 'application/octet-stream';
  return BY_EXTENSION[path.slice(dot).toLowerCase()] ?? 'application/octet-stream';
}

