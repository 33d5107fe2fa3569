import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';
import { addExamples } from './command-help.ts';

/** `medhelm verify`: recomputes stats.json and checks the recorded checksums. */
export function registerVerifyCommand(program: Command, { io, setExitCode }: CommandContext): void {
  const command = program
    .command('verify')
    .summary('Recompute stats.json and check the recorded checksums')
    .description(
      'Recompute stats.json from per_instance_stats.json and check the files (and reachable data files) against the checksums recorded when the run was written; exit 1 on any difference.',
    )
    .argument(
      '<run-dir...>',
      'run directories (<output-path>/runs/<suite>/<run name>) or suite folders of them',
    )
    .option('--json', 'print JSON');
  addExamples(command, [
    { what: 'every run of a suite', command: 'medhelm verify benchmark_output/runs/quickstart' },
    {
      what: 'runs someone sent you, as JSON',
      command: 'medhelm verify their_output/runs/v1 --json > verify.json',
    },
  ]);
  command.action(async (paths: string[], options: { json?: boolean }) => {
    const { verifyCommand } = await import('./verify-command.ts');
    setExitCode(await verifyCommand(paths, options, io));
  });
}
