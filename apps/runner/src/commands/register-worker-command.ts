import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';
import { addExamples } from './command-help.ts';
import type { WorkerCommandOptions } from './worker-command.ts';

/** `medhelm worker`: runs the batches of `medhelm run --executor bullmq` invocations. */
export function registerWorkerCommand(program: Command, { io, services, setExitCode }: CommandContext): void {
  const command = program
    .command('worker')
    .summary('Run the batches of `run --executor bullmq` from a Redis queue')
    .description(
      'Run batches of `medhelm run --executor bullmq` invocations from a Redis queue (start any number, on any machines).',
    )
    .requiredOption(
      '--redis-url <url>',
      'the Redis the coordinator queues batches in, e.g. redis://127.0.0.1:6379',
    )
    .option('--queue <name>', 'the BullMQ queue (default medhelm-batches)')
    .option('--jobs <n>', 'batches this worker runs at once (default 2)')
    .option(
      '-o, --output-path <dir>',
      "the shared output folder (its cache/medhelm.sqlite holds the checkpoints and request cache); default: the coordinator's",
    );
  addExamples(command, [
    {
      what: 'a worker on this machine, four batches at once',
      command: 'medhelm worker --redis-url redis://127.0.0.1:6379 --jobs 4',
    },
    {
      what: 'the coordinator that hands the batches out (in another terminal)',
      command:
        'medhelm run --benchmarks med_qa --models gpt-4o --executor bullmq --redis-url redis://127.0.0.1:6379',
    },
  ]);
  command.action(async (options: WorkerCommandOptions) => {
    const { workerCommand } = await import('./worker-command.ts');
    setExitCode(await workerCommand(options, io, services));
  });
}
