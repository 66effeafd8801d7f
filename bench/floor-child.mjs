// The parse-only floor as its own process, so its wall time and peak RSS compare with the CLI's:
// read every page, gray-matter, remark-parse + remark-mdx, trees kept (as a checker must keep them).
//   node bench/floor-child.mjs <pages.json>     (a JSON array of absolute page paths)
// Prints {"ms": …, "pages": …, "maxRssKb": …} on stdout.
import { readFileSync } from 'node:fs';
import matter from 'gray-matter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const pages = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const parser = unified().use(remarkParse).use(remarkMdx);
const kept = [];
const t0 = process.hrtime.bigint();
for (const p of pages) {
  const text = readFileSync(p, 'utf8');
  let content = text;
  try {
    content = matter(text, {}).content; // options object: bypasses gray-matter's cache
  } catch {
    // Broken front matter: parse the whole text.
  }
  try {
    kept.push(parser.parse(content));
  } catch {
    kept.push(null); // MDX syntax error
  }
}
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
process.stdout.write(JSON.stringify({ ms, pages: kept.length, maxRssKb: process.resourceUsage().maxRSS }) + '\n');
