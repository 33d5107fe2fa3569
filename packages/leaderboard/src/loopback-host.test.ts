import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback-host.ts';

describe('isLoopbackHost', () => {
  it('accepts 127.0.0.1, localhost and [::1], with or without a port', () => {
    for (const host of [
      '127.0.0.1',
      '127.0.0.1:8000',
      'localhost',
      'LocalHost:8000',
      '[::1]',
      '[::1]:65535',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('refuses other names, names that only start like a loopback one, and no Host at all', () => {
    for (const host of [
      'evil.example:8000',
      '127.0.0.1.nip.io',
      '127.0.0.1.nip.io:8000',
      'localhost.evil.example',
      'localhost.',
      '127.0.0.2',
      '0.0.0.0:8000',
      '::1',
      '[::1]:',
      '127.0.0.1:80:80',
      '',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
    expect(isLoopbackHost(undefined)).toBe(false);
  });
});
