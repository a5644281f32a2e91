// Prints one file of a README: the ```ts block whose first line is exactly `// <name>`, so the walkthrough runs
// the README's own code (and a README sample that is missing or incomplete fails CI, not a reader).
// Usage: node readme-file.mjs <README.md> <name>     e.g. node readme-file.mjs README.md src/lookup.ts
import { readFileSync } from 'node:fs';

const [readme, name] = process.argv.slice(2);
if (!readme || !name) {
  console.error('usage: readme-file.mjs <README.md> <name>');
  process.exit(2);
}
const blocks = [...readFileSync(readme, 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
const found = blocks.filter((b) => b.split('\n', 1)[0] === `// ${name}`);
if (found.length !== 1) {
  console.error(`${readme}: ${found.length} \`\`\`ts blocks start with "// ${name}" (want exactly one)`);
  process.exit(2);
}
process.stdout.write(found[0]);
