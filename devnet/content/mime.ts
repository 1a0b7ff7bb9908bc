/**
 * Content types for collection entries (Bee uses Go's mime.TypeByExtension) and a content sniff for single
 * files sent without Content-Type (Bee v2.8.1 uses http.DetectContentType). Both cover the common web types;
 * anything else is application/octet-stream.
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

/** A reduced http.DetectContentType: HTML and PNG/JPEG/GIF/PDF signatures, UTF-8 text, else binary. */
export function sniffContentType(data: Uint8Array): string {
  const head = data.subarray(0, 512);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).trimStart().toLowerCase();
  if (text.startsWith('<!doctype html') || text.startsWith('<html')) return 'text/html; charset=utf-8';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  const binary = head.some((b) => b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b));
  return binary ? 'application/octet-stream' : 'text/plain; charset=utf-8';
}

function startsWith(data: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => data[i] === b);
}
