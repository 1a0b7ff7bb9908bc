import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The desktop renderer, one build for both hosts (Electron's cockpit:// protocol and `cockpit --serve`):
// relative asset paths (base './'), so it works under `--serve`'s token prefix and from any folder.
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', modulePreload: { polyfill: false }, reportCompressedSize: false },
  server: { host: '127.0.0.1' },
});
