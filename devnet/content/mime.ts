/**
 * Content types for collection entries (Bee uses Go's mime.TypeByExtension) and a content sniff for single
 * files sent without Content-Type (Bee v2.8.1 uses http.DetectContentType). Both cover the common web types;
 * anything else is application/octet-stream.
 */

export { contentTypeByExtension } from '../../core/swarm/content-type.js';

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
