import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';
import { addExamples } from './command-help.ts';

/** `medhelm conformance`: checks this installation against vectors made by HELM's own code. */
export function registerConformanceCommand(
  program: Command,
  { io, services, setExitCode }: CommandContext,
): void {
  const command = program
    .command('conformance')
    .summary("Check this installation against vectors made by HELM's code")
    .description("Check this installation against conformance vectors made by running HELM's own code.")
    .argument(
      '<vectors-dir>',
      'a folder in the format of shared/conformance (<family>.jsonl files, prompts/)',
    )
    .option('--data-root <dir>', 'upstream data, one folder per benchmark, for the prompt vectors');
  addExamples(command, [
    {
      what: 'the vectors beside a checkout of this repository (../shared), with the data the prompt vectors need',
      command: 'medhelm conformance ../shared/conformance --data-root ../shared/data',
    },
    {
      what: 'the same through MEDHELM_SHARED_DIR',
      command: 'medhelm conformance "$MEDHELM_SHARED_DIR/conformance" --data-root "$MEDHELM_SHARED_DIR/data"',
    },
  ]);
  command.action(async (vectorsDirectory: string, options: { dataRoot?: string }) => {
    const { conformanceCommand } = await import('./conformance-command.ts');
    setExitCode(await conformanceCommand(await services(), vectorsDirectory, options, io));
  });
}
