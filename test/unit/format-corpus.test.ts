// The formatter over real and fuzzed pages: every page and snippet of every corpus site (set
// DOCWRIGHT_CORPUS to the folder scripts/corpus.mjs extracts into; skipped when unset) and the fuzz
// corpus (the example sites' pages and fuzz.test.ts's page texts): 0 changed trees, 0 new findings,
// 100% idempotent. Prints how many files changed and how many were refused.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { checkPageAlone } from '../../server/src/check';
import { formatPage, formatSiteFile, isFormattable, treeShape } from '../../server/src/features/format';
import { DiskWorkspace } from '../../server/src/node/disk-workspace';
import { parsePage } from '../../server/src/pages/parse';
import { Project } from '../../server/src/project';
import { pageId } from '../../server/src/site/navigation';
import type { Site } from '../../server/src/site/site';
import { toPosix } from '../../server/src/util/paths';
import { CLASSIC_SITE, EXAMPLE_SITE } from '../helpers';

interface Tally {
  files: number;
  changed: number;
  refused: number;
  reasons: Map<string, number>;
  failures: string[];
}

const tally = (): Tally => ({ files: 0, changed: 0, refused: 0, reasons: new Map(), failures: [] });

/** Formats one file and checks the three promises; counts it. */
function formatOne(t: Tally, name: string, text: string, site?: Site, rel?: string): void {
  t.files++;
  const result = site && rel ? formatSiteFile(site, rel, text) : formatPage(name, text);
  if (result.refused) {
    t.refused++;
    const reason = result.refused.replace(/\(line \d+\)/, '(line n)').replace(/ \(.*\)/, '');
    t.reasons.set(reason, (t.reasons.get(reason) ?? 0) + 1);
  }
  if (!result.changed) {
    if (result.text !== text) t.failures.push(`${name}: text changed without "changed"`);
    return;
  }
  t.changed++;
  const before = parsePage(name, text);
  const after = parsePage(name, result.text);
  if (treeShape(before) !== treeShape(after)) t.failures.push(`${name}: the tree changed`);
  if (site && rel) {
    const keys = (p: typeof before) =>
      checkPageAlone(site, pageId(rel), p)
        .map((f) => `${f.ruleId} ${f.message}`)
        .sort();
    const was = keys(before);
    const extra = keys(after).filter((k) => {
      const i = was.indexOf(k);
      if (i < 0) return true;
      was.splice(i, 1);
      return false;
    });
    if (extra.length) t.failures.push(`${name}: new findings ${extra.join('; ')}`);
  }
  const again = site && rel ? formatSiteFile(site, rel, result.text) : formatPage(name, result.text);
  if (again.text !== result.text) t.failures.push(`${name}: not idempotent`);
}

function report(label: string, t: Tally): void {
  const reasons = [...t.reasons].sort((a, b) => b[1] - a[1]).map(([r, n]) => `    ${n} ${r}`);
  process.stdout.write(`# format ${label}: ${t.files} files, ${t.changed} changed, ${t.refused} refused\n${reasons.join('\n')}${reasons.length ? '\n' : ''}`);
  assert.deepEqual(t.failures.slice(0, 20), []);
}

async function formatSitesIn(dir: string, t: Tally): Promise<number> {
  const project = new Project(new DiskWorkspace(), [toPosix(dir)]);
  await project.scan();
  for (const root of project.roots) {
    const site = await project.site(root);
    if (!site) continue;
    for (const rel of [...site.files].filter(isFormattable).sort()) {
      const text = await project.text(`${root}/${rel}`);
      if (text !== undefined) formatOne(t, `${root}/${rel}`, text, site, rel);
    }
  }
  return project.roots.length;
}

describe('format corpus', () => {
  it('formats every page and snippet of the corpus sites: same trees, no new findings, idempotent', async (t) => {
    const corpus = process.env.DOCWRIGHT_CORPUS;
    if (!corpus || !existsSync(corpus)) {
      t.skip('no local corpus (set DOCWRIGHT_CORPUS to the folder scripts/corpus.mjs extracts into)');
      return;
    }
    const all = tally();
    for (const name of readdirSync(corpus).sort()) {
      const dir = path.join(corpus, name);
      const one = tally();
      const sites = await formatSitesIn(dir, one);
      process.stdout.write(`#   ${name}: ${sites} site(s), ${one.files} files, ${one.changed} changed, ${one.refused} refused\n`);
      all.files += one.files;
      all.changed += one.changed;
      all.refused += one.refused;
      for (const [r, n] of one.reasons) all.reasons.set(r, (all.reasons.get(r) ?? 0) + n);
      all.failures.push(...one.failures);
    }
    assert.ok(all.files > 0, 'the corpus folder holds no site');
    report('corpus', all);
  });

  it('formats the fuzz corpus: the example sites and fuzzed page texts', async () => {
    const t = tally();
    for (const dir of [EXAMPLE_SITE, CLASSIC_SITE]) await formatSitesIn(dir, t);
    process.env.DOCWRIGHT_FUZZ_SCRIPT = '1';
    const { pageText } = await import('./fuzz.test');
    const runs = Number(process.env.DOCWRIGHT_FUZZ_RUNS ?? 300);
    fc.sample(pageText, { seed: Number(process.env.DOCWRIGHT_FUZZ_SEED ?? 20240601), numRuns: runs }).forEach((text, i) => formatOne(t, `fuzz-${i}.mdx`, text));
    report('fuzz corpus', t);
  });
});
