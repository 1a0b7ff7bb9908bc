/**
 * Test support: renders a component with Ink on a stdin that behaves as a terminal's does. ink-testing-library's
 * stdin announces its data after Ink has read it; a real stream (here a PassThrough marked as a TTY) emits
 * `data` while Ink reads, before Ink parses the keys, which is what the face's byte reading relies on
 * (ink6.ts). Output goes to a sink: these tests look at what the face sends, not what it draws.
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ReactElement } from 'react';
import { render } from 'ink';

class TtyStdin extends PassThrough {
  readonly isTTY = true;
  setRawMode(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

class SinkStdout extends EventEmitter {
  readonly columns = 100;
  readonly rows = 30;
  readonly isTTY = false;
  write(): boolean {
    return true;
  }
}

export interface TtyRender {
  /** Writes what a terminal would send for key presses or a paste. */
  write(bytes: string): void;
  unmount(): void;
}

export function renderOnTty(tree: ReactElement): TtyRender {
  const stdin = new TtyStdin();
  const stdout = new SinkStdout();
  const instance = render(tree, {
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stdout as unknown as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
    debug: true,
  });
  return {
    write: (bytes) => void stdin.write(bytes),
    unmount: () => {
      instance.unmount();
      stdin.destroy();
    },
  };
}
