/**
 * The cockpit engine stays in files one can read whole (issue 25 item 2, style.md "Small files"): no non-test
 * source file under actors/cockpit, machines/cockpit or core/cockpit is over 300 lines. When a file grows past
 * it, split it where its parts have names of their own (contracts, context, builders, parts), as was done for
 * the root machine, the supervisor, S14 and the palette's verb table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const LIMIT = 300;
const FOLDERS = ['actors/cockpit', 'machines/cockpit', 'core/cockpit'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('cockpit engine file sizes', () => {
  it(`keeps every non-test source file under ${FOLDERS.join(', ')} at ${LIMIT} lines or fewer`, () => {
    const files = FOLDERS.flatMap((folder) => sources(join(root, folder)));
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > LIMIT)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });
});
