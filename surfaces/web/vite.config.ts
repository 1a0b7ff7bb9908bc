import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// A static app: relative asset paths (base './') so the built folder works from any static host or path.
export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
