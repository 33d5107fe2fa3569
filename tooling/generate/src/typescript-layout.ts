// Lays out the few statements the generator writes the way biome formats them (line width 110,
// trailing commas), so generated files pass `biome check` without running biome.

const LINE_WIDTH = 110;

/** `export { a, type B } from './x.ts';`, one name a line when it does not fit. */
export function exportStatement(names: readonly string[], from: string): string {
  const oneLine = `export { ${names.join(', ')} } from '${from}';`;
  if (oneLine.length <= LINE_WIDTH) return oneLine;
  return `export {\n${names.map((name) => `  ${name},\n`).join('')}} from '${from}';`;
}

/** `<prefix>(a, b);`, one argument a line when it does not fit. */
export function callStatement(prefix: string, args: readonly string[]): string {
  const oneLine = `${prefix}(${args.join(', ')});`;
  if (oneLine.length <= LINE_WIDTH) return oneLine;
  return `${prefix}(\n${args.map((arg) => `  ${arg},\n`).join('')});`;
}

/** Export names in biome's order: by name ignoring case and a `type ` prefix, upper case first on a tie. */
export function sortExportNames(names: readonly string[]): string[] {
  const bare = (name: string) => name.replace(/^type /, '');
  return [...names].sort((a, b) => {
    const byName = bare(a).toLowerCase().localeCompare(bare(b).toLowerCase(), 'en');
    return byName !== 0 ? byName : bare(a) < bare(b) ? -1 : bare(a) > bare(b) ? 1 : 0;
  });
}
