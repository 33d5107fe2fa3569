import { resolve } from 'node:path';
import { conformanceFamilies, runConformance } from '@medhelm/conformance';
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
  const report = await runConformance({
    vectorsDirectory: resolve(io.cwd, vectorsDirectory),
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
  io.stdout.write(`${report.passed} passed, ${report.failed + report.notUnderstood.length} failed\n`);
  return report.failed > 0 || report.notUnderstood.length > 0 ? ExitCode.failedInstances : ExitCode.ok;
}
