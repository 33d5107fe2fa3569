import { Agent } from 'undici';

/** Connection pool settings of createHttpAgent. */
export interface HttpAgentOptions {
  /** Most sockets per origin (default 16; the rate limiter, not the pool, bounds requests in flight). */
  connections?: number;
  /** How long an idle keep-alive socket is kept (default 30 000 ms). */
  keepAliveTimeoutMs?: number;
}

/**
 * An undici Agent for one provider: keep-alive connections reused across calls, and no
 * headers/body timeouts of its own, because postJson sets them per request. Close it when the run
 * ends (`await agent.close()`), or the open sockets keep the process alive until they time out.
 */
export function createHttpAgent(options: HttpAgentOptions = {}): Agent {
  const keepAliveTimeout = options.keepAliveTimeoutMs ?? 30_000;
  return new Agent({
    connections: options.connections ?? 16,
    keepAliveTimeout,
    keepAliveMaxTimeout: Math.max(keepAliveTimeout, 600_000),
    // postJson passes the call's own timeout; these only guard a dispatch made without one.
    headersTimeout: 600_000,
    bodyTimeout: 600_000,
    connect: { timeout: 30_000 },
  });
}
