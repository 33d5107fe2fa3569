import { ConfigError } from '@medhelm/core';

type ExecutorBullmq = typeof import('@medhelm/executor-bullmq');

/**
 * `@medhelm/executor-bullmq`, imported only when `--executor bullmq` or `medhelm worker` asks for
 * it: an in-process run loads no Redis code at all.
 */
export async function importExecutorBullmq(): Promise<ExecutorBullmq> {
  try {
    return await import('@medhelm/executor-bullmq');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (
      code === 'ERR_MODULE_NOT_FOUND' &&
      String((error as Error).message).includes('@medhelm/executor-bullmq')
    ) {
      throw new ConfigError(
        'Running on several machines needs @medhelm/executor-bullmq, which is not installed.',
        {
          hint: 'Install it beside the runner: npm install @medhelm/executor-bullmq',
        },
      );
    }
    throw error;
  }
}
