import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';
import { addExamples } from './command-help.ts';

/** `medhelm redact`: copies run directories without patient text. */
export function registerRedactCommand(program: Command, { io, setExitCode }: CommandContext): void {
  const command = program
    .command('redact')
    .summary('Copy runs without patient text, every stat kept')
    .description(
      'Copy run directories without patient text: inputs, references, prompts, completions and judge explanations replaced, every stat kept.',
    )
    .argument(
      '<run-dir>',
      'a run directory (<output-path>/runs/<suite>/<run name>) or a suite folder of them',
    )
    .argument('<out-dir>', 'where the redacted copy goes (the same layout)');
  addExamples(command, [
    {
      what: 'a whole suite, to share its numbers without patient text',
      command: 'medhelm redact benchmark_output/runs/gated-study shared/gated-study',
    },
    {
      what: 'one run',
      command:
        "medhelm redact 'benchmark_output/runs/latest/mimic_bhc:model=openai_gpt-4o-2024-08-06,model_deployment=openai_gpt-4o-2024-08-06' redacted",
    },
  ]);
  command.action(async (source: string, target: string) => {
    const { redactCommand } = await import('./redact-command.ts');
    setExitCode(await redactCommand(source, target, io));
  });
}
