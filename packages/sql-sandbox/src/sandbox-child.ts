// The child process of SqlSandbox: opens the database read-only and answers one `execute` request at
// a time. The parent kills it (SIGKILL) when a query runs too long; a watchdog thread kills it when
// the parent is gone (even in the middle of a query, when the main thread cannot react) or when it
// uses too much memory.
import { Worker } from 'node:worker_threads';
import { PythonSqliteExecutor } from './python-sqlite-executor.ts';
import {
  MEMORY_LIMIT_SIGNAL,
  type SandboxChildConfig,
  type SandboxChildMessage,
  type SandboxRequest,
} from './sandbox-protocol.ts';

const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { deadline, parentPid, maxMemoryBytes, memorySignal } = workerData;
function die(reason, signal) {
  try { writeSync(2, 'sql-sandbox-child: ' + reason + '\\n'); } catch {}
  process.kill(process.pid, signal);
  if (signal !== 'SIGKILL') setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1000);
}
const timer = setInterval(() => {
  let reason;
  if (process.ppid !== parentPid) reason = 'the parent process is gone';
  else {
    const due = Atomics.load(deadline, 0);
    if (due > 0n && BigInt(Date.now()) > due) reason = 'the query ran past its deadline';
    else if (maxMemoryBytes > 0 && process.memoryUsage.rss() > maxMemoryBytes) {
      clearInterval(timer);
      return die('memory limit exceeded', memorySignal);
    }
  }
  if (reason !== undefined) die(reason, 'SIGKILL');
}, 100);
`;

function send(message: SandboxChildMessage, then?: () => void): void {
  process.send?.(message, undefined, undefined, then);
}

const config = JSON.parse(process.argv[2] ?? '{}') as SandboxChildConfig;
const deadline = new BigInt64Array(new SharedArrayBuffer(8));
new Worker(WATCHDOG_SOURCE, {
  eval: true,
  workerData: {
    deadline,
    parentPid: config.parentPid,
    maxMemoryBytes: config.maxMemoryBytes,
    memorySignal: MEMORY_LIMIT_SIGNAL,
  },
}).unref();

process.on('disconnect', () => process.exit(0));

let executor: PythonSqliteExecutor | undefined;
try {
  executor = new PythonSqliteExecutor(config.databasePath, config.executor);
} catch (error) {
  send({ type: 'failed', message: (error as Error).message }, () => process.exit(1));
}

if (executor !== undefined) {
  let current = executor;
  process.on('message', (request: SandboxRequest) => {
    if (request?.type === 'execute') {
      Atomics.store(deadline, 0, BigInt(Math.ceil(request.deadline)));
      const result = current.execute(request.sql);
      Atomics.store(deadline, 0, 0n);
      send({ type: 'result', id: request.id, result });
    } else if (request?.type === 'open') {
      try {
        const next = new PythonSqliteExecutor(request.databasePath, config.executor);
        current.close();
        current = next;
        send({ type: 'opened', id: request.id });
      } catch (error) {
        send({ type: 'opened', id: request.id, error: (error as Error).message });
      }
    }
  });
  send({ type: 'ready' });
}
