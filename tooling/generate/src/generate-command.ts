// `npm run generate` writes every benchmark package's glue; `npm run generate -- --check` (CI)
// only lists the files that are out of date and exits 1 when there are any.
import { fileURLToPath } from 'node:url';
import { generatedFiles, outOfDateFiles, writeGeneratedFiles } from './generated-files.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

if (process.argv.includes('--check')) {
  const files = generatedFiles(root);
  const stale = outOfDateFiles(root, files);
  if (stale.length > 0) {
    console.error(`${stale.length} generated file(s) out of date:`);
    for (const path of stale) console.error(`  ${path}`);
    console.error('Run `npm run generate` and commit the result.');
    process.exit(1);
  }
  console.log(`${files.length} generated files are up to date.`);
} else {
  const { written, total } = writeGeneratedFiles(root);
  for (const path of written) console.log(`  wrote ${path}`);
  console.log(`${written.length} of ${total} generated files written.`);
}
