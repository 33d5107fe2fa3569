import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';
import { addExamples, suiteOptions } from './command-help.ts';
import type { CompareCommandOptions } from './compare-command.ts';

/** `medhelm compare`: two models of a suite, paired per instance. */
export function registerCompareCommand(program: Command, { io, setExitCode }: CommandContext): void {
  const command = suiteOptions(
    program
      .command('compare')
      .summary('Two models of a suite, paired per instance, with a p-value')
      .description(
        'Compare two models of a suite per benchmark on the instances both answered: mean difference, paired sign-flip test (p-value), largest disagreements.',
      )
      .argument(
        '<model-a>',
        'a model: its HELM name as in run_spec.json (e.g. openai/gpt-4o-2024-08-06), a deployment id (built in, or from --models-file) or <provider>:<model>',
      )
      .argument('<model-b>', 'the model to compare it with, named the same ways'),
  )
    .option(
      '--suite-b <name>',
      "read model B's runs from this suite (e.g. a `medhelm rescore` copy of --suite: old jury vs new on the same answers)",
    )
    .option('--models-file <path>', 'a models file whose deployment ids name the models')
    .option('--schema <file>', 'as for summarize')
    .option('--top <n>', 'instances of largest disagreement to list per benchmark', '5')
    .option('--json', 'print JSON');
  addExamples(command, [
    {
      what: 'two built-in deployments of a suite, ten largest disagreements each',
      command: 'medhelm compare --suite v1 gpt-4o claude-3-7-sonnet --top 10',
    },
    {
      what: 'a models-file deployment against a HELM model name',
      command: 'medhelm compare --suite study --models-file models.yaml my-vllm openai/gpt-4o-2024-08-06',
    },
    {
      what: 'a suite against its rescored copy (same answers, another jury), per benchmark',
      command:
        'medhelm compare --suite v1 --suite-b v1-rejudged openai/gpt-4o-2024-05-13 openai/gpt-4o-2024-05-13',
    },
  ]);
  command.action(async (modelA: string, modelB: string, options: CompareCommandOptions) => {
    const { compareCommand } = await import('./compare-command.ts');
    setExitCode(await compareCommand(modelA, modelB, options, io));
  });
}
