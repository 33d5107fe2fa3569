import { hasBrand, MedHelmError, ModelCallError } from '@medhelm/core';
import { connectionFailureCode } from '@medhelm/http';

const endpointUnreachableBrand = Symbol.for('medhelm.error.EndpointUnreachableError');

/**
 * A deployment's server could not be reached several times in a row (connection refused, DNS, TLS,
 * unreachable): the run stops at once instead of retrying instance after instance.
 */
export class EndpointUnreachableError extends MedHelmError {
  override readonly name = 'MedHelm_EndpointUnreachableError';
  readonly [endpointUnreachableBrand] = true;

  /** Whether `error` is an EndpointUnreachableError, also one thrown by another copy of @medhelm/engine. */
  static override isInstance(error: unknown): error is EndpointUnreachableError {
    return hasBrand(error, endpointUnreachableBrand);
  }
}

/** Connection failures in a row, with no answer from the server between them, that stop a run. */
export const CONNECTION_FAILURES_TO_STOP = 3;

/**
 * A circuit breaker for one deployment, shared by every caller of it (the candidate runs and the
 * judges): it counts connection failures in a row (see `isConnectionFailure`; any HTTP response,
 * even an error status, resets the count) and, at {@link CONNECTION_FAILURES_TO_STOP}, opens for
 * good (at once for a failure no retry can cure, e.g. a name that does not resolve): the call that
 * opened it and every later call fail with one EndpointUnreachableError naming the URL, the caller
 * and what to check. 429s and 5xx are never counted: they are retried as before.
 */
export class EndpointBreaker {
  #failuresInARow = 0;
  #open: EndpointUnreachableError | undefined;

  constructor(
    /** The deployment, as messages name it (`openai-compatible/llama-3-8b`). */
    private readonly deployment: string,
    private readonly threshold = CONNECTION_FAILURES_TO_STOP,
  ) {}

  /** Throws the breaker's error once it is open: no call is made. */
  check(): void {
    if (this.#open !== undefined) throw this.#open;
  }

  /** The server answered (any status): the failures so far were not in a row. */
  recordAnswer(): void {
    this.#failuresInARow = 0;
  }

  /**
   * Records a failed call by `caller` (e.g. `the candidate model`, `judge gpt`). Returns the error
   * to throw instead when the breaker is open (this failure opened it, or another did); undefined
   * when the failure is not a connection failure or the breaker is still closed.
   */
  recordFailure(error: unknown, caller: string): EndpointUnreachableError | undefined {
    if (this.#open !== undefined) return this.#open;
    const code = connectionFailureCode(error);
    if (code === undefined) {
      if (ModelCallError.isInstance(error) && error.status !== undefined) this.recordAnswer();
      return undefined;
    }
    this.#failuresInARow++;
    // A failure no retry can cure (a name that does not resolve) opens the breaker at once.
    const retryable = ModelCallError.isInstance(error) && error.isRetryable;
    if (this.#failuresInARow < this.threshold && retryable) return undefined;
    const url = ModelCallError.isInstance(error) ? error.url : undefined;
    const attempts =
      this.#failuresInARow === 1
        ? 'the connection failed'
        : `${this.#failuresInARow} connection attempts in a row failed`;
    this.#open = new EndpointUnreachableError(
      `Cannot reach ${url ?? 'the server'} (${caller}, deployment ${this.deployment}): ${attempts} (${code}). The run stopped; the instances completed so far are saved.`,
      { cause: error, hint: hintFor(code) },
    );
    return this.#open;
  }
}

function hintFor(code: string): string {
  const again = 'then run the same command again to resume.';
  if (code === 'ECONNREFUSED')
    return `Nothing listens there: start the server (vLLM, Ollama, llama.cpp, ...) or correct its base URL (--base-url for candidates, baseUrl in the models file for judges), ${again}`;
  if (code === 'ENOTFOUND' || code.startsWith('EAI_'))
    return `The host name does not resolve: check the base URL's spelling and your DNS or network, ${again}`;
  if (
    code === 'EPROTO' ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('ERR_TLS_') ||
    code.includes('CERT')
  )
    return `TLS could not be set up: check http:// versus https:// in the base URL and the server's certificate, ${again}`;
  return `Check that the host is up and reachable from this machine (network, VPN, firewall) and that the base URL is right, ${again}`;
}
