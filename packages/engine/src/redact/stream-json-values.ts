import { createReadStream } from 'node:fs';
import { JSONParser } from '@streamparser/json';

/**
 * Streams the values at `paths` (JSONPath subset, e.g. `$.request_states.*`) of a JSON file, in
 * file order, without holding the file in memory: HELM's scenario_state.json reaches hundreds of
 * MB. `onValue` may be async; reading waits for it (back-pressure).
 */
export async function streamJsonValues(
  path: string,
  paths: readonly string[],
  onValue: (value: unknown, jsonPath: readonly (string | number)[]) => void | Promise<void>,
): Promise<void> {
  const parser = new JSONParser({ paths: [...paths], keepStack: false });
  const pending: Array<{ value: unknown; at: (string | number)[] }> = [];
  let failure: unknown;
  parser.onValue = ({ value, key, stack }) => {
    const at = [...stack.slice(1).map((entry) => entry.key as string | number), key as string | number];
    pending.push({ value, at });
  };
  parser.onError = (error) => {
    failure ??= error;
  };
  for await (const chunk of createReadStream(path)) {
    parser.write(chunk as Buffer);
    if (failure !== undefined) throw failure;
    for (const item of pending.splice(0)) await onValue(item.value, item.at);
  }
  if (!parser.isEnded) parser.end();
  if (failure !== undefined) throw failure;
  for (const item of pending.splice(0)) await onValue(item.value, item.at);
}
