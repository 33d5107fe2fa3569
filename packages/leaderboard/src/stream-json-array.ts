import { createReadStream } from 'node:fs';
import { ConfigError } from '@medhelm/core';
import { JSONParser } from '@streamparser/json';

/**
 * Calls `onItem` with each element of the JSON array in `path`, in file order, without holding the
 * file in memory (HELM's per-instance files reach hundreds of MB): @streamparser/json emits each
 * element once parsed and keeps nothing of it. A file that is not a JSON array is a ConfigError
 * naming it and where parsing stopped.
 */
export function streamJsonArray(path: string, onItem: (item: unknown) => void): Promise<void> {
  return streamJsonElements(path, '$.*', onItem);
}

/**
 * Calls `onState` with each element of scenario_state.json's `request_states`, in file order,
 * without holding the file in memory. A file without a readable `request_states` array is a
 * ConfigError naming it.
 */
export function streamRequestStates(path: string, onState: (state: unknown) => void): Promise<void> {
  return streamJsonElements(path, '$.request_states.*', onState);
}

/** Each element of the array at `arrayPath` (`$.*` or `$.<key>.*`), streamed; errors name the file. */
async function streamJsonElements(
  path: string,
  arrayPath: string,
  onItem: (item: unknown) => void,
): Promise<void> {
  const parser = new JSONParser({ paths: [arrayPath], keepStack: false });
  let failure: unknown;
  parser.onValue = ({ value, key }) => {
    // `<path>.*` also matches the members of an object: only an array's elements have number keys.
    if (typeof key === 'number') onItem(value);
    else failure ??= new Error('the file holds a JSON object where a JSON array was expected');
  };
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
