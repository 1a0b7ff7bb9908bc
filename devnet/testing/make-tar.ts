/** Builds ustar archives for tests (the devnet's tar reader is checked against these and against fuzz). */
import { concatBytes, utf8Encode } from '../../core/swarm/bytes.js';

export function makeTar(files: { path: string; data: Uint8Array | string; type?: '0' | '5' }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const file of files) {
    const data = typeof file.data === 'string' ? utf8Encode(file.data) : file.data;
    const header = new Uint8Array(512);
    header.set(utf8Encode(file.path).subarray(0, 100), 0);
    writeOctal(header, 100, 8, 0o644);
    writeOctal(header, 108, 8, 0);
    writeOctal(header, 116, 8, 0);
    writeOctal(header, 124, 12, file.type === '5' ? 0 : data.length);
    writeOctal(header, 136, 12, 0);
    header.fill(0x20, 148, 156);
    header[156] = (file.type ?? '0').charCodeAt(0);
    header.set(utf8Encode('ustar\u000000'), 257);
    let sum = 0;
    for (const b of header) sum += b;
    writeOctal(header, 148, 7, sum);
    parts.push(header);
    if (file.type !== '5') {
      parts.push(data);
      const pad = (512 - (data.length % 512)) % 512;
      parts.push(new Uint8Array(pad));
    }
  }
  parts.push(new Uint8Array(1024));
  return concatBytes(...parts);
}

function writeOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  const text = value.toString(8).padStart(length - 1, '0');
  header.set(utf8Encode(text), offset);
  header[offset + length - 1] = 0;
}
