import { describe, expect, it } from 'vitest';
import { redactCommandLine } from './redact-command-line.ts';

describe('redactCommandLine', () => {
  it('keeps the command as typed, but no password in a URL and no value of a flag named like a secret', () => {
    expect(
      redactCommandLine([
        'medhelm',
        'run',
        '--redis-url',
        'redis://worker:s3cret@10.0.0.5:6379',
        '--base-url=https://user:pw@llm.example.org/v1',
        '--api-key-env',
        'MY_KEY',
        '--hf-token',
        'hf_abc',
        '--plugin-api-key=xyz',
        '--models',
        'gpt-4o',
      ]),
    ).toEqual([
      'medhelm',
      'run',
      '--redis-url',
      'redis://10.0.0.5:6379',
      '--base-url=https://llm.example.org/v1',
      '--api-key-env',
      'MY_KEY',
      '--hf-token',
      '[REDACTED]',
      '--plugin-api-key=[REDACTED]',
      '--models',
      'gpt-4o',
    ]);
  });
});
