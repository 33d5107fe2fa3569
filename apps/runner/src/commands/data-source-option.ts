import { join, resolve } from 'node:path';
import { ConfigError } from '@medhelm/core';
import type { DataSource } from '@medhelm/datasets';
import type { CliIo } from '../cli-io.ts';

/** Where `medhelm run` and `medhelm rescore` read data: the bundled samples, a folder, or downloads into a cache. */
export function dataSourceOf(
  options: { sample?: boolean; dataDir?: string },
  io: CliIo,
  outputPath: string,
): DataSource {
  if (options.sample && options.dataDir !== undefined)
    throw new ConfigError('Use either --sample or --data-dir, not both.');
  if (options.sample) return { kind: 'sample' };
  if (options.dataDir !== undefined) return { kind: 'directory', path: resolve(io.cwd, options.dataDir) };
  const cacheHome = io.env.MEDHELM_DATA_CACHE ?? join(outputPath, 'scenarios');
  return { kind: 'download', cacheDirectory: resolve(io.cwd, cacheHome) };
}
