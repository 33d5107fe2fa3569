import { recordMissingPrerequisite } from './record-missing-prerequisite.ts';

/**
 * The Redis the queue tests use: `MEDHELM_TEST_REDIS_URL` (`.ci/run` starts a redis-server on
 * 127.0.0.1 without persistence and sets it). Undefined on a machine without it, so those tests
 * say they were skipped; under CI its absence is an error, so they can never be skipped silently.
 */
export function testRedisUrl(): string | undefined {
  const url = process.env.MEDHELM_TEST_REDIS_URL;
  if ((url === undefined || url === '') && process.env.CI) {
    throw new Error(
      'MEDHELM_TEST_REDIS_URL is not set under CI: .ci/run starts redis-server and sets it (redis://127.0.0.1:<port>).',
    );
  }
  if (url === undefined || url === '') {
    recordMissingPrerequisite(
      'a Redis (the queue tests)',
      'MEDHELM_TEST_REDIS_URL is not set (redis-server --daemonize yes --save "" --appendonly no, then MEDHELM_TEST_REDIS_URL=redis://127.0.0.1:6379)',
    );
    return undefined;
  }
  return url;
}

/** Why the queue tests were skipped, for the test title. */
export const REDIS_SKIP_NOTE =
  'skipped: no Redis (set MEDHELM_TEST_REDIS_URL=redis://127.0.0.1:6379 after `redis-server --daemonize yes --save "" --appendonly no`)';
