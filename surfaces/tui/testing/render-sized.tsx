/**
 * ink-testing-library renders into a fake stdout that is always 100 columns wide and has no rows; the face
 * must be tested at the sizes people use (80x24, 200x50) and across a resize. This gives that fake stdout
 * a size and emits `resize` as a terminal does.
 */
import type { ReactElement } from 'react';
import { render } from 'ink-testing-library';

export interface SizedRender extends ReturnType<typeof render> {
  resize(columns: number, rows: number): void;
  /** The last frame, as lines (trailing spaces kept out). */
  screen(): string[];
}

/** Lets Ink and React finish the work a write or a view change started. */
export function settle(ms = 30): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function renderSized(tree: ReactElement, columns: number, rows: number): SizedRender {
  const result = render(tree);
  const stdout = result.stdout as unknown as { columns: number; rows: number; emit(event: string): boolean };
  const resize = (c: number, r: number): void => {
    Object.defineProperty(stdout, 'columns', { value: c, configurable: true });
    Object.defineProperty(stdout, 'rows', { value: r, configurable: true });
    stdout.emit('resize');
  };
  resize(columns, rows);
  return {
    ...result,
    resize,
    screen: () => (result.lastFrame() ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((line) => line.replace(/\s+$/, '')),
  };
}
