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
      'Run batches of `medhelm run --executor bullmq` invocations from a Redis queue (start any number, on any machines: a worker needs only Redis, the plugins and the data; results go back through Redis).',
    )
    .requiredOption(
      '--redis-url <url>',
      'the Redis the coordinator queues batches in, e.g. redis://127.0.0.1:6379',
    )
    .option('--queue <name>', 'the BullMQ queue (default medhelm-batches)')
    .option('--jobs <n>', 'batches this worker runs at once (default 2)')
    .option(
      '-o, --output-path <dir>',
      "this worker's output folder (its cache/medhelm.sqlite is its request cache); default: the coordinator's path",
    )
    .option(
      '--data-dir <dir>',
      "this machine's copy of the data, instead of the coordinator's --data-dir path",
    )
    .option('--once', 'process what is queued, then exit (for batch schedulers)')
    .option(
      '--grace <seconds>',
      'after SIGTERM or Ctrl-C, how long running batches may take to finish before they go back to the queue (default 30)',
    );
  addExamples(command, [
    {
      what: 'a worker on this machine, four batches at once',
      command: 'medhelm worker --redis-url redis://127.0.0.1:6379 --jobs 4',
    },
    {
      what: 'a worker on another machine with its own copy of the data, for a batch scheduler',
      command: 'medhelm worker --redis-url redis://10.0.0.5:6379 --data-dir /data/medhelm --once',
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
