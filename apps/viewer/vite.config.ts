import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative asset URLs and hash routing: the built site works from any folder of any static host.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist/site', emptyOutDir: true, chunkSizeWarningLimit: 1024 },
});
