// An open page's early check (earlyPageFindings in server/src/features/early-findings.ts), what the language
// server publishes while the site's first check runs: every finding it gives is one the whole site's
// check gives the page (none from an index that lacks the other pages), and its last round gives all
// of them whenever the page's rules read no more than a few other pages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkPage } from '../../server/src/check';
import { earlyPageFindings } from '../../server/src/features/early-findings';
import { parsePage, type PageDocument } from '../../server/src/pages/parse';
import { ALL_RULES } from '../../server/src/rules/index';
import { exampleSite, minimalConfig } from '../../server/src/rules/examples';
import type { RuleDocs, SiteFiles } from '../../server/src/rules/types';
import { pageId } from '../../server/src/site/navigation';
import type { SiteIndex } from '../../server/src/site/site-index';
import type { Finding } from '../../server/src/types';
import { join } from '../../server/src/util/paths';
import { CLASSIC_SITE, EXAMPLE_SITE, indexFrom, readSiteFromDisk, ROOT, TEST_MERMAID } from '../helpers';
import { generateSite } from '../../bench/generate';

const options = { mermaid: TEST_MERMAID };

/** Each round's findings of a page's early check, reading other files as the site's index holds them. */
async function rounds(index: SiteIndex, files: SiteFiles, id: string): Promise<Finding[][]> {
  const parsed = new Map<string, PageDocument>();
  const read = async (rel: string) => {
    const page = index.site.pages.get(pageId(rel)) === rel ? index.pages.get(pageId(rel)) : undefined;
    if (page) return page;
    if (!parsed.has(rel)) parsed.set(rel, parsePage(join(ROOT, rel), files[rel] ?? ''));
    return parsed.get(rel)!;
  };
  const out: Finding[][] = [];
  for await (const findings of earlyPageFindings(index.site, id, index.pages.get(id)!, read, options)) out.push(findings);
  return out;
}

/** Whether `part` is `whole` with some findings left out (same order). */
function within(part: Finding[], whole: Finding[]): boolean {
  let k = 0;
  for (const f of part) {
    while (k < whole.length && JSON.stringify(whole[k]) !== JSON.stringify(f)) k++;
    if (k++ >= whole.length) return false;
  }
  return true;
}

/** Checks every page of a site; returns how many pages the early check gave in full, and their findings. */
async function compare(files: SiteFiles, what: string): Promise<{ full: number; pages: number; early: Finding[] }> {
  const { index } = await indexFrom(files);
  let full = 0;
  const early: Finding[] = [];
  for (const id of index.pages.keys()) {
    const whole = checkPage(index, id, options);
    const got = await rounds(index, files, id);
    assert.ok(got.length > 0, `${what}: ${id} has a first round`);
    for (const r of got)
      assert.ok(within(r, whole), `${what}: ${id}: early ${JSON.stringify(r.map((f) => f.ruleId))} not within ${JSON.stringify(whole.map((f) => f.ruleId))}`);
    if (JSON.stringify(got.at(-1)) === JSON.stringify(whole)) full++;
    early.push(...got.at(-1)!);
  }
  return { full, pages: index.pages.size, early };
}

describe("an open page's early check", () => {
  it("gives only the whole site's findings on the example sites, a generated site and every rule's examples", async () => {
    for (const [what, files] of [
      ['the example site', readSiteFromDisk(EXAMPLE_SITE)],
      ['the classic fixture', readSiteFromDisk(CLASSIC_SITE)],
    ] as const)
      await compare(files, what);
    const generated = await compare(Object.fromEntries(generateSite(120, 3).files), 'a generated site');
    // The generated site plants broken links (to missing pages and anchors): the early check finds them.
    assert.ok(
      generated.early.some((f) => f.ruleId === 'link-broken'),
      'broken links found early',
    );
    assert.ok(generated.full > generated.pages / 2, `${generated.full} of ${generated.pages} pages given in full`);
    for (const rule of ALL_RULES) for (const site of [(rule.docs as RuleDocs).bad, (rule.docs as RuleDocs).good]) await compare(site, rule.id);
  });

  it('reads the pages a link names and the snippets they render, then gives the broken links exactly', async () => {
    const files: SiteFiles = {
      ...exampleSite(minimalConfig(['a', 'b']), ['a', 'b']),
      'a.mdx':
        '---\ntitle: "Page A of the site"\ndescription: "Links to page B."\n---\n\nSee [the snippet part](/b#from-the-snippet), [nowhere](/b#nowhere) and [a missing page](/missing).\n',
      'b.mdx':
        '---\ntitle: "Page B of the site"\ndescription: "Renders a snippet."\n---\n\nimport Part from \'/snippets/part.mdx\';\n\n## Own heading\n\n<Part />\n',
      'snippets/part.mdx': '## From the snippet\n\nText.\n',
    };
    const { index } = await indexFrom(files);
    const whole = checkPage(index, 'a', options);
    const links = (f: Finding[]) => f.filter((x) => x.ruleId === 'link-broken').map((x) => x.range.start.character);
    assert.equal(links(whole).length, 2, JSON.stringify(whole.map((f) => f.message)));
    const got = await rounds(index, files, 'a');
    // First without page B (the anchors need it), then with B and its snippet: the anchor the snippet gives is no finding.
    assert.deepEqual(links(got[0]), []);
    assert.deepEqual(got.at(-1), whole);
  });

  it('reads the code file a component of the linked page comes from, then gives the broken links exactly', async () => {
    const files: SiteFiles = {
      ...exampleSite(minimalConfig(['a', 'b']), ['a', 'b']),
      'a.mdx':
        '---\ntitle: "Page A of the site"\ndescription: "Links to page B."\n---\n\nSee [the component](/b#from-the-component) and [nowhere](/b#nowhere).\n',
      'b.mdx':
        '---\ntitle: "Page B of the site"\ndescription: "Uses a component."\n---\n\nimport { Part } from \'/snippets/part.jsx\';\n\n## Own heading\n\n<Part />\n',
      'snippets/part.jsx': 'export const Part = () => <div id="from-the-component">Text.</div>;\n',
    };
    const { index } = await indexFrom(files);
    const whole = checkPage(index, 'a', options);
    assert.deepEqual(
      whole.filter((x) => x.ruleId === 'link-broken').map((x) => x.message),
      ['No heading "#nowhere" on "b".'],
    );
    assert.deepEqual((await rounds(index, files, 'a')).at(-1), whole);
  });
});
