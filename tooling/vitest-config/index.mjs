import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

const setupFile = fileURLToPath(new URL('./setup.mjs', import.meta.url));

/**
 * The vitest project preset every package uses.
 * NOTE: vitest resolves test imports through `ssr.resolve.conditions`, not the top-level
 * `resolve.conditions`; without it sibling packages would need a build before tests run.
 * @param {{ testTimeout?: number, include?: string[] }} [options]
 */
export function medhelmVitestProject(options = {}) {
  return defineProject({
    ssr: { resolve: { conditions: ['@medhelm/source', ...defaultServerConditions] } },
    resolve: { conditions: ['@medhelm/source'] },
    test: {
      include: options.include ?? ['src/**/*.test.ts', 'test/**/*.test.ts'],
      setupFiles: [setupFile],
      restoreMocks: true,
      testTimeout: options.testTimeout ?? 20_000,
    },
  });
}
