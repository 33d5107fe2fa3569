// The worker thread of LexicalMetricsPool: scores each batch it is sent with the same function the
// calling thread uses (scoreLexicalPair), so values are identical whichever thread computes them.
import { parentPort } from 'node:worker_threads';
import { ScoringError } from '@medhelm/core';
import type { LexicalBatchReply, LexicalBatchRequest } from './lexical-metrics-messages.ts';
import { scoreLexicalPair } from './lexical-scores.ts';

if (parentPort === null) throw new Error('lexical-metrics-worker runs as a worker thread only');
const port = parentPort;

port.on('message', (request: LexicalBatchRequest) => {
  let reply: LexicalBatchReply;
  try {
    reply = { id: request.id, scores: request.pairs.map(scoreLexicalPair) };
  } catch (error) {
    reply = {
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
      scoringError: ScoringError.isInstance(error),
    };
  }
  port.postMessage(reply);
});
