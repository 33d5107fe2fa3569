import { afterAll, describe, expect, it } from 'vitest';
import { closeAfterEach } from './close-after-each.ts';

describe('closeAfterEach', () => {
  const closed: string[] = [];
  const track = closeAfterEach();
  const closable = (name: string) => ({
    name,
    close: async () => {
      closed.push(name);
    },
  });

  it('returns what it tracks', () => {
    const server = track(closable('server'));
    expect(server.name).toBe('server');
    track(closable('model'));
    expect(closed).toEqual([]);
  });

  it('closed the last one opened first, after the test', () => {
    expect(closed).toEqual(['model', 'server']);
    track(closable('again'));
  });

  afterAll(() => {
    expect(closed).toEqual(['model', 'server', 'again']);
  });
});
