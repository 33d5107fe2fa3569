import { createReadStream } from 'node:fs';
import { ConfigError } from '@medhelm/core';
import { JSONParser } from '@streamparser/json';

/**
 * Calls `onState` with each element of scenario_state.json's `request_states`, in file order,
 * without holding the file in memory (HELM's reach hundreds of MB). A file without a readable
 * `request_states` array is a ConfigError naming it.
 */
export async function streamRequestStates(path: string, onState: (state: unknown) => void): Promise<void> {
  const parser = new JSONParser({ paths: ['$.request_states.*'], keepStack: false });
  let failure: unknown;
  parser.onValue = ({ value }) => onState(value);
  parser.onError = (error) => {
    failure ??= error;
  };
  try {
    for await (const chunk of createReadStream(path)) {
      parser.write(chunk as Buffer);
      if (failure !== undefined) break;
    }
    if (failure === undefined && !parser.isEnded) parser.end();
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined) {
    throw new ConfigError(`${path} is not readable JSON: ${(failure as Error).message ?? String(failure)}`, {
      cause: failure,
      hint: 'The run directory may be damaged or half-written; re-run it, or move it out of the suite folder.',
    });
  }
}
