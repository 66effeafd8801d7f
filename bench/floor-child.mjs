// The parse-only floor as its own process, so its wall time and peak RSS compare with the CLI's:
// read every page, gray-matter, remark-parse + remark-mdx, trees kept (as a checker must keep them).
//   node bench/floor-child.mjs <pages.json>     (a JSON array of absolute page paths)
// Prints {"ms": …, "pages": …, "maxRssKb": …} on stdout.
import { readFileSync } from 'node:fs';
import { floorParse } from './floor-parse.mjs';

const pages = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const kept = [];
const t0 = process.hrtime.bigint();
for (const p of pages) {
  kept.push(floorParse(readFileSync(p, 'utf8')));
}
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
process.stdout.write(JSON.stringify({ ms, pages: kept.length, maxRssKb: process.resourceUsage().maxRSS }) + '\n');
