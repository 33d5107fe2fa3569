import { defineConfig } from 'vitest/config';

// The install test packs, installs (compiling better-sqlite3) and runs: minutes, not seconds.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 420_000, hookTimeout: 420_000 },
});
