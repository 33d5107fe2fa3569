#!/usr/bin/env node
// tsyringe needs the Reflect metadata polyfill before it is first imported. The bundler does not keep
// the order of side-effect imports, so the build also puts it at the top of every output file.
import 'reflect-metadata';
import { createInterface } from 'node:readline/promises';
import { applyHeapPolicy } from './heap-policy.ts';
import { main } from './main.ts';

applyHeapPolicy();

const controller = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  interrupts++;
  if (interrupts > 1) process.exit(130);
  process.stderr.write(
    '\nStopping after the requests in flight; completed instances are saved. Ctrl-C again to quit now.\n',
  );
  controller.abort();
});
// A service manager's stop (a worker's, above all): the same orderly stop, without a second chance.
process.on('SIGTERM', () => controller.abort());

const exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  signal: controller.signal,
  // Questions only where a person can answer them (e.g. whether to cancel running batches on Ctrl-C).
  ...(process.stdin.isTTY && process.stderr.isTTY ? { ask } : {}),
});
process.exitCode = exitCode;
// Stopped by a signal, the command has returned: a call it abandoned (a worker's batch handed back
// to the queue, its model request still open) must not hold the process for long.
if (controller.signal.aborted) setTimeout(() => process.exit(exitCode), 2_000).unref();

/** One question on the terminal, the answer line back. */
async function ask(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await terminal.question(question);
  } finally {
    terminal.close();
  }
}
