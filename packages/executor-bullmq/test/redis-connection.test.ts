import { describe, expect, it } from 'vitest';
import { connectRedis, redactRedisUrl } from '../src/redis-connection.ts';

describe('connectRedis', () => {
  it('names an unreachable Redis without its password, at once', { timeout: 20_000 }, async () => {
    const error = await connectRedis('redis://worker:hunter2@127.0.0.1:1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'MedHelm_ConfigError' });
    expect((error as Error).message).toContain('Cannot reach Redis at redis://worker:***@127.0.0.1:1');
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('refuses what is not a redis:// URL', async () => {
    await expect(connectRedis('127.0.0.1:6379')).rejects.toThrow(
      /not a redis:\/\/ or rediss:\/\/ URL|is not a URL/,
    );
    await expect(connectRedis('http://127.0.0.1:6379')).rejects.toThrow('is not a redis:// or rediss:// URL');
  });
});

describe('redactRedisUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactRedisUrl('redis://:pw@10.0.0.5:6380/2')).toBe('redis://:***@10.0.0.5:6380/2');
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
