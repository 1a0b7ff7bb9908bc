/**
 * Compares two conformance transcripts step by step and says, in lines a person can act on, where the
 * nodes disagreed: a missing step, another status, content type or header set, a shape path, an address.
 */
import { diffShapes } from './shape.js';
import type { Transcript, TranscriptStep } from './transcript.js';

function describe(step: TranscriptStep): string {
  return `${step.step} (${step.method} ${step.path})`;
}

export function diffTranscripts(left: Transcript, right: Transcript, labels: readonly [string, string] = ['bee', 'devnet']): string[] {
  const [l, r] = labels;
  const problems: string[] = [];
  const byName = new Map(right.map((step) => [step.step, step]));
  for (const a of left) {
    const b = byName.get(a.step);
    if (!b) {
      problems.push(`${describe(a)}: only ${l} ran this step`);
      continue;
    }
    byName.delete(a.step);
    const lines: string[] = [];
    if (a.method !== b.method || a.path !== b.path) lines.push(`request: ${l} ${a.method} ${a.path}, ${r} ${b.method} ${b.path}`);
    if (a.status !== b.status) lines.push(`status: ${l} ${a.status}, ${r} ${b.status}`);
    if (a.contentType !== b.contentType) lines.push(`content-type: ${l} ${a.contentType}, ${r} ${b.contentType}`);
    const headers = (s: TranscriptStep) => s.headers.join(',') || '(none)';
    if (headers(a) !== headers(b)) lines.push(`headers: ${l} ${headers(a)}, ${r} ${headers(b)}`);
    for (const line of diffShapes(a.shape, b.shape, labels)) lines.push(`shape ${line}`);
    for (const name of [...new Set([...Object.keys(a.addresses), ...Object.keys(b.addresses)])].sort()) {
      const x = a.addresses[name];
      const y = b.addresses[name];
      if (x !== y) lines.push(`address ${name}: ${l} ${x ?? '(none)'}, ${r} ${y ?? '(none)'}`);
    }
    if (lines.length > 0) problems.push(`${describe(a)}:\n    ${lines.join('\n    ')}`);
  }
  for (const b of byName.values()) problems.push(`${describe(b)}: only ${r} ran this step`);
  return problems;
}
