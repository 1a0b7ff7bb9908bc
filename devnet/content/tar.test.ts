import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Decode } from '../../core/swarm/bytes.js';
import { InputError } from '../../core/swarm/input-error.js';
import { makeTar } from '../testing/make-tar.js';
import { cleanPath, readTar } from './tar.js';

describe('readTar', () => {
  it('reads regular files with cleaned paths and skips directories', () => {
    const archive = makeTar([
      { path: 'site/', data: '', type: '5' },
      { path: './site/index.html', data: '<h1>hi</h1>' },
      { path: 'site/a/../b.txt', data: 'b' },
    ]);
    const files = readTar(archive);
    expect(files.map((f) => f.path)).toEqual(['site/index.html', 'site/b.txt']);
    expect(utf8Decode(files[0]!.data)).toBe('<h1>hi</h1>');
  });

  it('keeps file bytes exact across block padding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 3000 }), (data) => {
        const [file] = readTar(makeTar([{ path: 'x.bin', data }]));
        expect(file!.data).toEqual(data);
      }),
      { numRuns: 40 },
    );
  });

  it('rejects random and truncated input with InputError only', () => {
    const valid = makeTar([{ path: 'a.txt', data: 'hello world' }]);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 2048 }), fc.nat(valid.length), (noise, cut) => {
        for (const input of [noise, valid.subarray(0, cut)]) {
          try {
            readTar(input);
          } catch (error) {
            expect(error).toBeInstanceOf(InputError);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('cleans paths like Go path.Clean without the leading slash', () => {
    expect(cleanPath('/a//b/./c/../d')).toBe('a/b/d');
    expect(cleanPath('../../x')).toBe('x');
  });
});
