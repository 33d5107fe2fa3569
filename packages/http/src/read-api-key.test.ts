import { describe, expect, it } from 'vitest';
import { createHttpAgent } from './create-http-agent.ts';
import { readApiKey } from './read-api-key.ts';
import { redactSecrets, redactUrl, secretsFromHeaders } from './redact-secrets.ts';

describe('readApiKey', () => {
  it('trims the key and treats blank as unset', () => {
    expect(readApiKey({ OPENAI_API_KEY: '  sk-abc\n' }, 'OPENAI_API_KEY')).toBe('sk-abc');
    expect(readApiKey({ OPENAI_API_KEY: ' \n' }, 'OPENAI_API_KEY')).toBeUndefined();
    expect(readApiKey({}, 'OPENAI_API_KEY')).toBeUndefined();
  });
});

describe('redaction', () => {
  it('redacts every secret, longest first, and its URL-encoded form', () => {
    expect(redactSecrets('a sk-1/2 b sk-1%2F2 c sk-1', ['sk-1', 'sk-1/2'])).toBe(
      'a [REDACTED] b [REDACTED] c [REDACTED]',
    );
    expect(redactSecrets('nothing here', ['', 'x-not-present'])).toBe('nothing here');
  });

  it('finds the secrets in credential headers', () => {
    expect(
      secretsFromHeaders({
        Authorization: 'Bearer sk-1',
        'x-api-key': 'ak-2',
        'content-type': 'application/json',
      }),
    ).toEqual(['sk-1', 'ak-2']);
  });

  it('strips credentials and key-like query parameters from URLs', () => {
    expect(redactUrl('https://u:p@example.com/v1?key=abc&alt=json&Token=t', [])).toBe(
      'https://example.com/v1?key=[REDACTED]&alt=json&Token=[REDACTED]',
    );
    expect(redactUrl('not a url sk-1', ['sk-1'])).toBe('not a url [REDACTED]');
  });
});

describe('createHttpAgent', () => {
  it('creates a closable undici Agent', async () => {
    const agent = createHttpAgent({ connections: 2, keepAliveTimeoutMs: 1000 });
    await agent.close();
    expect(agent.closed).toBe(true);
  });
});
