import { main } from '../src/main.ts';

/** `medhelm serve` in-process: resolves with its URL once it prints it; `stop` is Ctrl-C. */
export async function startServe(
  argv: string[],
  cwd: string,
): Promise<{ url: string; stop: () => Promise<number> }> {
  const controller = new AbortController();
  let printed = '';
  let errors = '';
  let announce: (url: string) => void = () => {};
  const announced = new Promise<string>((resolve) => (announce = resolve));
  const exited = main(['serve', ...argv], {
    stdout: {
      write: (text: string) => {
        printed += text;
        const url = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(printed)?.[1];
        if (url !== undefined) announce(url);
      },
    },
    stderr: { write: (text: string) => (errors += text) },
    env: {},
    cwd,
    signal: controller.signal,
  });
  const url = await Promise.race([
    announced,
    exited.then((code) => {
      throw new Error(`medhelm serve exited (${code}) before serving: ${errors}`);
    }),
  ]);
  return {
    url,
    stop: () => {
      controller.abort();
      return exited;
    },
  };
}
