import { main } from '../src/main.ts';

/** Runs the CLI in-process and captures what it prints. */
export async function runCli(
  argv: readonly string[],
  options: {
    cwd: string;
    env?: Record<string, string | undefined>;
    signal?: AbortSignal;
    /** A person at the terminal answering the CLI's questions. */
    ask?: (question: string) => Promise<string>;
  },
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const exitCode = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? {},
    cwd: options.cwd,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.ask === undefined ? {} : { ask: options.ask }),
  });
  return { exitCode, stdout, stderr };
}
