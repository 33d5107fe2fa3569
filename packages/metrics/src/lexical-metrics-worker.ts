// The worker thread of LexicalMetricsPool: runs each task it is sent with the same functions the
// calling thread uses (runLexicalTask), so values are identical whichever thread computes them.
import { parentPort } from 'node:worker_threads';
import type { LexicalBatchReply, LexicalBatchRequest } from './lexical-metrics-messages.ts';
import { lexicalTaskResult } from './lexical-tasks.ts';

if (parentPort === null) throw new Error('lexical-metrics-worker runs as a worker thread only');
const port = parentPort;

port.on('message', (request: LexicalBatchRequest) => {
  const reply: LexicalBatchReply = { id: request.id, results: request.tasks.map(lexicalTaskResult) };
  port.postMessage(reply);
});
