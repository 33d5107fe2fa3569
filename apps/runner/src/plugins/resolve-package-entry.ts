import { join } from 'node:path';
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
 * resolver does: through its `exports` map (subpath patterns and nested conditions), else its
 * `main`, else `index.js`. Returns undefined when the package does not export the subpath.
 */
export function resolvePackageEntry(
  directory: string,
  packageJson: { exports?: unknown; main?: unknown },
  subpath: string,
  conditions: ReadonlySet<string> = activeConditions(),
): string | undefined {
  if (packageJson.exports !== undefined && packageJson.exports !== null) {
    const target = resolveExports(packageJson.exports, subpath, conditions);
    return target === undefined ? undefined : join(directory, target);
  }
  if (subpath !== '.') return join(directory, subpath);
  const main = typeof packageJson.main === 'string' ? packageJson.main : undefined;
  const candidates =
    main === undefined ? ['index.js'] : [main, `${main}.js`, `${main}.mjs`, join(main, 'index.js')];
  return candidates.map((candidate) => join(directory, candidate)).find(isFile);
}

function resolveExports(
  exports: unknown,
  subpath: string,
  conditions: ReadonlySet<string>,
): string | undefined {
  const map = subpathMap(exports);
  const exact = map[subpath];
  if (exact !== undefined) return resolveTarget(exact, undefined, conditions);
  // Subpath patterns: the key with the longest prefix before its `*` wins.
  let best: { key: string; match: string } | undefined;
  for (const key of Object.keys(map)) {
    const star = key.indexOf('*');
    if (star === -1) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (
      subpath.startsWith(prefix) &&
      subpath.endsWith(suffix) &&
      subpath.length >= key.length - 1 &&
      (best === undefined || prefix.length > best.key.indexOf('*'))
    ) {
      best = { key, match: subpath.slice(prefix.length, subpath.length - suffix.length) };
    }
  }
  return best === undefined ? undefined : resolveTarget(map[best.key], best.match, conditions);
}

/** `exports` as a map from subpath to target (a bare target or condition map means `.`). */
function subpathMap(exports: unknown): Record<string, unknown> {
  if (typeof exports === 'string' || Array.isArray(exports)) return { '.': exports };
  if (typeof exports !== 'object' || exports === null) return {};
  const keys = Object.keys(exports);
  return keys.length > 0 && keys.every((key) => key.startsWith('.'))
    ? (exports as Record<string, unknown>)
    : { '.': exports };
}

function resolveTarget(
  target: unknown,
  patternMatch: string | undefined,
  conditions: ReadonlySet<string>,
): string | undefined {
  if (typeof target === 'string') {
    if (!target.startsWith('./')) return undefined;
    return patternMatch === undefined ? target : target.replaceAll('*', patternMatch);
  }
  if (Array.isArray(target)) {
    for (const item of target) {
      const resolved = resolveTarget(item, patternMatch, conditions);
      if (resolved !== undefined) return resolved;
    }
    return undefined;
  }
  if (typeof target === 'object' && target !== null) {
    for (const [condition, value] of Object.entries(target)) {
      if (condition !== 'default' && !conditions.has(condition)) continue;
      const resolved = resolveTarget(value, patternMatch, conditions);
      if (resolved !== undefined) return resolved;
    }
  }
  return undefined;
}
