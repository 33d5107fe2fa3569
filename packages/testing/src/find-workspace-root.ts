import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The MedHELM checkout a test runs in (the folder with pnpm-workspace.yaml), found upward from `startDirectory`. */
export function findWorkspaceRoot(startDirectory: string): string | undefined {
  let directory = resolve(startDirectory);
  for (;;) {
    if (existsSync(join(directory, 'pnpm-workspace.yaml'))) return directory;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}
