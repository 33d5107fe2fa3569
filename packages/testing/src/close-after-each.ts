import { afterEach } from 'vitest';

/** Anything a test opens and must close: a server, a model with keep-alive sockets. */
export interface Closable {
  close(): Promise<void>;
}

/**
 * Registers an `afterEach` that closes what the returned `track` was given during the test, last
 * opened first (models before the servers they talk to), so no socket or server outlives its test.
 * Call it at the top level of a test file: `const track = closeAfterEach();`, then
 * `const server = track(await startFixtureServer(reply))`.
 */
export function closeAfterEach(): <T extends Closable>(resource: T) => T {
  const open: Closable[] = [];
  afterEach(async () => {
    for (const resource of open.splice(0).reverse()) await resource.close();
  });
  return (resource) => {
    open.push(resource);
    return resource;
  };
}
