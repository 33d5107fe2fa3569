import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { classicScriptTags } from './classic-script-tags.ts';

// Relative asset URLs and hash routing: the built site works from any folder of any static host.
// One classic (IIFE) bundle, loaded without `type="module"`: an exported site must also open from
// disk (file://), where Chromium refuses module scripts (see classic-script-tags.ts).
export default defineConfig({
  base: './',
  plugins: [react(), classicScriptTags()],
  build: {
    outDir: 'dist/site',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
    // The preload polyfill is for module chunks; the IIFE bundle has none.
    modulePreload: false,
    rolldownOptions: { output: { format: 'iife' } },
  },
});
