import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { normalizeBaseUrl, withoutCredentials } from './normalize-base-url.ts';

describe('normalizeBaseUrl', () => {
  it('trims, drops trailing slashes and writes the URL in one form', () => {
    expect(normalizeBaseUrl(' http://127.0.0.1:11434/v1// ')).toBe('http://127.0.0.1:11434/v1');
    expect(normalizeBaseUrl('HTTPS://Example.ORG:443/v1/')).toBe('https://example.org/v1');
    expect(normalizeBaseUrl('http://localhost:8080')).toBe('http://localhost:8080');
  });

  it('drops the version path the provider appends itself, and only that', () => {
    const anthropic = { versionPath: '/v1', keyFrom: 'ANTHROPIC_API_KEY' };
    expect(normalizeBaseUrl('https://api.anthropic.com/v1/', anthropic)).toBe('https://api.anthropic.com');
    expect(normalizeBaseUrl(' http://127.0.0.1:8080/proxy// ', anthropic)).toBe(
      'http://127.0.0.1:8080/proxy',
    );
    expect(normalizeBaseUrl('https://example.org/xv1', anthropic)).toBe('https://example.org/xv1');
    expect(
      normalizeBaseUrl('https://generativelanguage.googleapis.com/v1beta', { versionPath: '/v1beta' }),
    ).toBe('https://generativelanguage.googleapis.com');
    // Without a versionPath, `/v1` is part of the root (OpenAI-style servers).
    expect(normalizeBaseUrl('http://127.0.0.1:8000/v1')).toBe('http://127.0.0.1:8000/v1');
  });

  it('allows credentials unless the key must come from a variable, and never repeats them', () => {
    expect(normalizeBaseUrl('https://user:pa55@example.org/v1')).toBe('https://user:pa55@example.org/v1');
    const strict = (url: string) => () => normalizeBaseUrl(url, { keyFrom: 'GEMINI_API_KEY' });
    for (const url of [
      'https://user:pa55@example.org',
      'https://example.org/?key=pa55',
      'https://example.org/#pa55',
    ]) {
      expect(strict(url)).toThrow(ConfigError);
      expect(strict(url)).toThrow(/must not hold credentials, a query or a fragment/);
      expect(strict(url)).not.toThrow(/pa55/);
    }
    try {
      strict('https://example.org/?key=1')();
    } catch (error) {
      expect((error as ConfigError).hint).toBe(
        'The API key is read from GEMINI_API_KEY, or the variable named with --api-key-env.',
      );
    }
  });

  it('rejects what is not an http(s) URL as ConfigError, naming only the scheme', () => {
    expect(() => normalizeBaseUrl('localhost:8000')).toThrow(/must start with http/);
    expect(() => normalizeBaseUrl('ftp://user:pa55@example.org')).toThrow(/not "ftp:"/);
    expect(() => normalizeBaseUrl('ftp://user:pa55@example.org')).not.toThrow(/pa55/);
    expect(() => normalizeBaseUrl('api.anthropic.com')).toThrow(ConfigError);
    try {
      normalizeBaseUrl('not a url', { example: 'https://api.anthropic.com' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toBe('base URL "not a url" is not a URL');
      expect((error as ConfigError).hint).toBe('Pass e.g. --base-url https://api.anthropic.com');
    }
  });
});

describe('withoutCredentials', () => {
  it('drops user and password, and leaves other URLs (and non-URLs) as they are', () => {
    expect(withoutCredentials('https://user:pa55@example.org/v1')).toBe('https://example.org/v1');
    expect(withoutCredentials('https://example.org/v1')).toBe('https://example.org/v1');
    expect(withoutCredentials('not a url')).toBe('not a url');
  });
});
