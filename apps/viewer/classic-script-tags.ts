import type { Plugin } from 'vite';

/**
 * Rewrites the tags Vite writes into the built index.html so that the page works from file://:
 * Chromium loads a `type="module"` script, and any tag with `crossorigin`, in CORS mode, and a
 * file:// page (origin `null`) may not read another file that way, so the page stays blank. The
 * bundle is an IIFE (vite.config.ts), so a classic `defer` script runs it the same way, after the
 * document is parsed, as a module script would. Build only: the dev server needs modules.
 */
export function classicScriptTags(): Plugin {
  return {
    name: 'medhelm-classic-script-tags',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replaceAll('<script type="module" crossorigin', '<script defer').replaceAll(' crossorigin', ''),
    },
  };
}
