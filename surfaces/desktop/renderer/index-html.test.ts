import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { RENDERER_CSP, RENDERER_CSP_META } from '../../../core/cockpit/bridge/csp.js';

describe('the renderer page', () => {
  it('carries the same Content-Security-Policy as its hosts send (less frame-ancestors, which a meta cannot say)', () => {
    const html = readFileSync(new URL('./index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(RENDERER_CSP_META);
    expect(RENDERER_CSP).toBe(`${RENDERER_CSP_META}; frame-ancestors 'none'`);
    expect(RENDERER_CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    // No inline script: the one script is the module Vite builds.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" src="./src/main.tsx"></script>');
  });
});
