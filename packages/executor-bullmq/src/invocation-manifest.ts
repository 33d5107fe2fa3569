import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SharedLimitsOptions } from './shared-rate-limiter.ts';

/**
 * An invocation's manifest in Redis, under the SHA-256 of its text: what a worker needs to plan the
 * same runs as the coordinator (the runner's options, never an API key: keys come from each
 * worker's own environment). Stored once; every batch job names it by hash.
 */
export async function publishInvocation(
  redis: Redis,
  keyPrefix: string,
  manifest: string,
  limits: SharedLimitsOptions = {},
): Promise<string> {
  const hash = createHash('sha256').update(manifest).digest('hex');
  await redis
    .multi()
    .set(manifestKey(keyPrefix, hash), manifest)
    .set(limitsKey(keyPrefix, hash), JSON.stringify(limits))
    .exec();
  return hash;
}

/** How the coordinator of invocation `hash` asked its workers to share limits (none when unsaid). */
export async function loadSharedLimits(
  redis: Redis,
  keyPrefix: string,
  hash: string,
): Promise<SharedLimitsOptions> {
  const text = await redis.get(limitsKey(keyPrefix, hash));
  const limits = text === null ? {} : (JSON.parse(text) as SharedLimitsOptions);
  return limits.globalConcurrency === true ? { globalConcurrency: true } : {};
}

/** The manifest stored under `hash`, checked against it; an error when missing or altered. */
export async function loadInvocation(redis: Redis, keyPrefix: string, hash: string): Promise<string> {
  const manifest = await redis.get(manifestKey(keyPrefix, hash));
  if (manifest === null) {
    throw new Error(
      `The invocation ${hash.slice(0, 12)} is not in Redis (its coordinator's manifest was removed, or Redis restarted without persistence).`,
    );
  }
  if (createHash('sha256').update(manifest).digest('hex') !== hash)
    throw new Error(`The manifest of invocation ${hash.slice(0, 12)} in Redis does not match its hash.`);
  return manifest;
}

function manifestKey(keyPrefix: string, hash: string): string {
  return `${keyPrefix}:invocation:${hash}`;
}

function limitsKey(keyPrefix: string, hash: string): string {
  return `${keyPrefix}:invocation:${hash}:limits`;
}
