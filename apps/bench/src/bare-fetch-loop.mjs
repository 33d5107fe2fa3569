// The honest floor: a bare loop of `fetch` calls sending the same chat-completions bodies as the
// medhelm run, at the same concurrency, to the same mock server, and reading each JSON answer.
// Plain JavaScript so that nothing but Node starts. Usage: node bare-fetch-loop.mjs <chat-completions URL> <bodies.jsonl> <concurrency>
import { readFileSync } from 'node:fs';

const [url, bodiesPath, concurrencyText] = process.argv.slice(2);
if (url === undefined || bodiesPath === undefined || concurrencyText === undefined) {
  throw new Error('usage: bare-fetch-loop <url> <bodies.jsonl> <concurrency>');
}
const bodies = readFileSync(bodiesPath, 'utf8')
  .split('\n')
  .filter((line) => line !== '');
let next = 0;
async function lane() {
  while (next < bodies.length) {
    const body = bodies[next++];
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    await response.json();
  }
}
await Promise.all(Array.from({ length: Number(concurrencyText) }, () => lane()));
