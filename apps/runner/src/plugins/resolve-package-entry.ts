import { join } from 'node:path';
import { exports as resolveExports } from 'resolve.exports';
import { isFile } from './package-files.ts';

/**
 * The conditions an `import()` of this process matches: Node's own for ESM (`import`, `node`,
 * `default`) plus any `--conditions`/`-C` given to node (e.g. `@medhelm/source` in development).
 */
export function activeConditions(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): Set<string> {
  const conditions = new Set(['import', 'node', 'default']);
  const args = [...execArgv, ...(nodeOptions ?? '').split(/\s+/).filter((arg) => arg !== '')];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const inline = /^(?:--conditions|-C)=(.+)$/.exec(arg);
    if (inline?.[1] !== undefined) conditions.add(inline[1]);
    else if ((arg === '--conditions' || arg === '-C') && args[index + 1] !== undefined)
      conditions.add(args[++index]!);
  }
  return conditions;
}

/**
 * Resolves `subpath` (`.` or `./x`) of the package in `directory` to a file, as Node's ESM
 * resolver does: through its `exports` map (with resolve.exports: subpath patterns, nested
 * conditions in key order, the first of a fallback list), else its `main`, else `index.js`.
 * Returns undefined when the package does not export the subpath for these conditions.
 */
export function resolvePackageEntry(
  directory: string,
  packageJson: { name?: unknown; exports?: unknown; main?: unknown },
  subpath: string,
  conditions: ReadonlySet<string> = activeConditions(),
): string | undefined {
  if (packageJson.exports !== undefined && packageJson.exports !== null) {
    let targets: readonly string[] | undefined;
    try {
      // unsafe: exactly the given conditions (plus `default`), not resolve.exports' own guesses.
      targets =
        resolveExports(
          {
            name: typeof packageJson.name === 'string' ? packageJson.name : '',
            exports: packageJson.exports as never,
          },
          subpath,
          { conditions: [...conditions], unsafe: true },
        ) ?? undefined;
    } catch {
      // resolve.exports throws for a subpath the map does not export (Node's ERR_PACKAGE_PATH_NOT_EXPORTED).
      return undefined;
    }
    // Node takes the first valid target; a target must be relative to the package (`./...`).
    const target = targets?.find((candidate) => candidate.startsWith('./'));
    return target === undefined ? undefined : join(directory, target);
  }
  if (subpath !== '.') return join(directory, subpath);
  const main = typeof packageJson.main === 'string' ? packageJson.main : undefined;
  const candidates =
    main === undefined ? ['index.js'] : [main, `${main}.js`, `${main}.mjs`, join(main, 'index.js')];
  return candidates.map((candidate) => join(directory, candidate)).find(isFile);
}
