// The parse-only floor as its own process, so its wall time and peak RSS compare with the CLI's:
// read every page, gray-matter, remark-parse + remark-mdx, trees kept (as a checker must keep them).
//   node bench/floor-child.mjs <pages.json> [--drop]    (a JSON array of absolute page paths; --drop: trees not kept)
// Prints {"ms": …, "pages": …, "maxRssKb": …} on stdout.
import { readFileSync } from 'node:fs';
import { floorParse } from './floor-parse.mjs';

const pages = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const drop = process.argv.includes('--drop');
const kept = [];
let parsed = 0;
const t0 = process.hrtime.bigint();
for (const p of pages) {
  const tree = floorParse(readFileSync(p, 'utf8'));
  if (!drop) kept.push(tree);
  parsed++;
}
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
process.stdout.write(JSON.stringify({ ms, pages: parsed, maxRssKb: process.resourceUsage().maxRSS }) + '\n');
