/**
 * The renderer's Content-Security-Policy, the same in both hosts: sent as a header by `cockpit --serve` and by
 * Electron's `cockpit://` protocol handler, and repeated in the renderer's index.html (a test compares them).
 * Scripts and styles only from the page's own origin (no inline script, no eval), no frames, no plugins, no
 * form posts, connections only back to the cockpit itself (its WebSocket; 'self' covers ws: there).
 */
const DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
];

/** The policy in the renderer's index.html (a <meta> policy cannot say frame-ancestors; the headers do). */
export const RENDERER_CSP_META = DIRECTIVES.join('; ');
export const RENDERER_CSP = [...DIRECTIVES, "frame-ancestors 'none'"].join('; ');

/** Headers on every answer of the renderer's hosts. No Access-Control-* header, ever: CORS stays off. */
export const RENDERER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': RENDERER_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};
