/** `127.0.0.1`, `localhost` or `[::1]`, with a port or without (case-insensitive, as host names are). */
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;

/**
 * Whether a request's `Host` header names this machine's loopback interface. A server bound to
 * 127.0.0.1 is still reachable from a web page the user visits by DNS rebinding: the page's own
 * host name is pointed at 127.0.0.1, and its requests then carry that name (`evil.example:8000`,
 * `127.0.0.1.nip.io`), so a server answering only loopback names keeps such pages out.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}
