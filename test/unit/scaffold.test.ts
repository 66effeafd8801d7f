// The new-site scaffold (`docwright init`, "Docwright: New Site"): every check passes on it, hints
// included, and it never claims a folder that already holds a site or one of its files.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newSiteFiles, scaffoldConflicts, siteNameFromFolder } from '../../server/src/scaffold';
import { check, summarize } from '../helpers';

function filesOf(name: string): Record<string, string> {
  return Object.fromEntries(newSiteFiles(name).map((f) => [f.path, f.text]));
}

describe('new site scaffold', () => {
  it('is a site that every rule passes, prose hints included', async () => {
    // Names that prose rules would flag in a sentence (first person, passive, future) stay out of the prose.
    for (const name of ['Acme', 'My "quoted" docs: v2', 'Ünïcode Docs', 'We will be written']) {
      const files = filesOf(name);
      assert.deepEqual(Object.keys(files), ['docs.json', 'introduction.mdx', 'favicon.svg']);
      assert.deepEqual(summarize(await check(files)), [], name);
    }
  });

  it('names the site and its first page after the given name', () => {
    const files = filesOf('My "quoted" docs: v2');
    assert.equal(JSON.parse(files['docs.json']).name, 'My "quoted" docs: v2');
    assert.match(files['introduction.mdx'], /^---\ntitle: "My \\"quoted\\" docs: v2 introduction"\n/);
    assert.equal(JSON.parse(filesOf('  ')['docs.json']).name, 'Documentation');
  });

  it('derives a readable name from the folder name', () => {
    assert.equal(siteNameFromFolder('my-product_docs'), 'My Product Docs');
    assert.equal(siteNameFromFolder('acme.docs'), 'Acme Docs');
    assert.equal(siteNameFromFolder('docs'), 'Docs');
    assert.equal(siteNameFromFolder('---'), 'Documentation');
    assert.equal(siteNameFromFolder(''), 'Documentation');
  });

  it('reports the entries that would be overwritten or that already make the folder a site', () => {
    const files = newSiteFiles('Acme');
    assert.deepEqual(scaffoldConflicts([], files), []);
    assert.deepEqual(scaffoldConflicts(['README.md', '.git', 'notes.txt'], files), []);
    assert.deepEqual(scaffoldConflicts(['mint.json', 'README.md', 'introduction.mdx'], files), ['introduction.mdx', 'mint.json']);
    assert.deepEqual(scaffoldConflicts(['docs.json'], files), ['docs.json']);
  });
});
