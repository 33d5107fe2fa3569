import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { SkippedTestsReporter } from './skipped-tests-reporter.mjs';

const setupFile = fileURLToPath(new URL('./setup.mjs', import.meta.url));

/**
 * The vitest preset every package uses (each package's vitest.config is the root of its own run).
 * NOTE: vitest resolves test imports through `ssr.resolve.conditions`, not the top-level
 * `resolve.conditions`; without it sibling packages would need a build before tests run.
 * The run ends by naming the test files that ran without a prerequisite (the shared folder, a
 * Redis) and what they skipped (SkippedTestsReporter).
 * @param {{ testTimeout?: number, include?: string[] }} [options]
 */
export function medhelmVitestProject(options = {}) {
  return defineConfig({
    ssr: { resolve: { conditions: ['@medhelm/source', ...defaultServerConditions] } },
    resolve: { conditions: ['@medhelm/source'] },
    test: {
      include: options.include ?? ['src/**/*.test.ts', 'test/**/*.test.ts'],
      setupFiles: [setupFile],
      restoreMocks: true,
      testTimeout: options.testTimeout ?? 20_000,
      reporters: ['default', new SkippedTestsReporter()],
    },
  });
}
