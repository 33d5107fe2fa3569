import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { conformanceFamilies, runConformance } from '@medhelm/conformance';
import { ConfigError } from '@medhelm/core';
import { type CliIo, ExitCode } from '../cli-io.ts';
import type { RunnerServices } from '../composition-root.ts';

/**
 * `medhelm conformance <vectors-dir> [--data-root <dir>]`: checks our implementation against
 * vectors produced by HELM's own code. One line per failing case, one summary line per family, and
 * `N passed, M failed` last. Exits 1 when anything failed or a file was not understood.
 */
export async function conformanceCommand(
  { benchmarks }: Pick<RunnerServices, 'benchmarks'>,
  vectorsDirectory: string,
  options: { dataRoot?: string },
  io: CliIo,
): Promise<number> {
  const folder = resolve(io.cwd, vectorsDirectory);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new ConfigError(`${folder} is not a folder (medhelm conformance needs a folder of vectors).`, {
      hint: whereVectorsAre(io),
    });
  }
  const report = await runConformance({
    vectorsDirectory: folder,
    ...(options.dataRoot === undefined ? {} : { dataRoot: resolve(io.cwd, options.dataRoot) }),
    families: conformanceFamilies,
    benchmarks: new Map(benchmarks.list().map((benchmark) => [benchmark.id, benchmark])),
    onResult: (result) => {
      for (const failure of result.failures)
        io.stdout.write(`FAIL ${failure.family} #${failure.line}: ${failure.message}\n`);
      io.stdout.write(`${result.family}: ${result.passed} passed, ${result.failed} failed\n`);
    },
  });
  for (const name of report.notUnderstood)
    io.stdout.write(`FAIL ${name}: not a vector family this release understands\n`);
  for (const note of report.skipped) io.stdout.write(`skipped ${note}\n`);
  if (report.results.length === 0 && report.notUnderstood.length === 0 && report.skipped.length === 0) {
    throw new ConfigError(
      `${folder} holds no conformance vectors (<family>.jsonl files, prompts/, jury_prompts/).`,
      {
        hint: whereVectorsAre(io),
      },
    );
  }
  io.stdout.write(`${report.passed} passed, ${report.failed + report.notUnderstood.length} failed\n`);
  return report.failed > 0 || report.notUnderstood.length > 0 ? ExitCode.failedInstances : ExitCode.ok;
}

/**
 * Where the vectors come from: they are made by running HELM's own code and are not in any npm
 * package; they ship in the `shared/` folder beside a checkout of this project, which the tests
 * find as `../shared` or through MEDHELM_SHARED_DIR.
 */
function whereVectorsAre(io: CliIo): string {
  const shared = io.env.MEDHELM_SHARED_DIR;
  const fromEnvironment =
    shared !== undefined && existsSync(join(shared, 'conformance'))
      ? `MEDHELM_SHARED_DIR is ${shared}: medhelm conformance ${join(shared, 'conformance')} --data-root ${join(shared, 'data')}. `
      : '';
  return `${fromEnvironment}The vectors were made by running HELM's own code and ship beside a checkout of this project, in ../shared/conformance (not in the npm packages): from the repository root, medhelm conformance ../shared/conformance --data-root ../shared/data; elsewhere, set MEDHELM_SHARED_DIR to that shared folder and pass "$MEDHELM_SHARED_DIR/conformance" (--data-root "$MEDHELM_SHARED_DIR/data").`;
}
