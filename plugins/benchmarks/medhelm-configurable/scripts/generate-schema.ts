/**
 * Writes schema/benchmark-config.schema.json from the zod schema, formatted the way biome formats it.
 * Run with `pnpm --filter @medhelm/benchmark-medhelm-configurable generate:schema`; a test fails while it is stale.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BENCHMARK_CONFIG_JSON_SCHEMA_PATH,
  benchmarkConfigJsonSchema,
} from '../src/benchmark-config-schema.ts';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = resolve(packageRoot, BENCHMARK_CONFIG_JSON_SCHEMA_PATH);
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(benchmarkConfigJsonSchema(), null, 2)}\n`);

const biome = resolve(packageRoot, '../../../node_modules/.bin/biome');
if (existsSync(biome)) {
  execFileSync(biome, ['format', '--write', target], { stdio: 'inherit' });
} else {
  console.warn(`biome not found at ${biome}: run \`biome format --write ${target}\` before committing.`);
}
console.log(`wrote ${target}`);
