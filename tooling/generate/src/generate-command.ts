// `npm run generate` writes every benchmark package's glue; `npm run generate -- --check` (CI)
// only lists the files that are out of date and exits 1 when there are any.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles, outOfDateFiles } from './generated-files.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const files = generatedFiles(root);
const stale = outOfDateFiles(root, files);

if (process.argv.includes('--check')) {
  if (stale.length > 0) {
    console.error(`${stale.length} generated file(s) out of date:`);
    for (const path of stale) console.error(`  ${path}`);
    console.error('Run `npm run generate` and commit the result.');
    process.exit(1);
  }
  console.log(`${files.length} generated files are up to date.`);
} else {
  for (const file of files.filter((candidate) => stale.includes(candidate.path))) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.content);
  }
  console.log(`${stale.length} of ${files.length} generated files written.`);
}
