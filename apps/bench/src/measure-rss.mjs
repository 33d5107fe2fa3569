// Preloaded with `node --import` into every measured process: at exit, writes the process's peak
// resident set size (bytes) to the file named by MEDHELM_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.MEDHELM_BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    // resourceUsage().maxRSS is in kilobytes.
    writeFileSync(file, String(process.resourceUsage().maxRSS * 1024));
  });
}
