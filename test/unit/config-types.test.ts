// The site model reads docs.json through the types generated from the schemas (config/docs-json-*.ts):
// a value read with obj/arr keeps its schema type, so naming a key the schema lacks does not compile
// (`npm run typecheck` checks the @ts-expect-error lines below), while values stay unchecked.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { DocsJsonClassic } from '../../server/src/config/docs-json-classic';
import type { DocsJsonCurrent } from '../../server/src/config/docs-json-current';
import { arr, obj, str, unchecked } from '../../server/src/util/json';

describe('configs read through their schema types', () => {
  it('name only the keys of their generation, at every depth', () => {
    const classic = obj(unchecked<DocsJsonClassic>({ name: 'A', anchors: [{ name: 'Blog', url: 'blog', href: 'x' }] }))!;
    assert.equal(str(classic.name), 'A');
    // @ts-expect-error `navbar` is a key of the current format, not of mint.json
    assert.equal(classic.navbar, undefined);
    const anchor = obj(arr(classic.anchors)[0])!;
    assert.equal(str(anchor.url), 'blog');
    // @ts-expect-error a classic anchor has `url`, not the current format's `href` (read at run time all the same)
    assert.equal(anchor.href, 'x');

    const current = obj(unchecked<DocsJsonCurrent>({ navigation: { tabs: [{ tab: 'Guides', pages: ['index'] }] } }))!;
    const tab = obj(arr(obj(current.navigation)?.tabs)[0])!;
    assert.deepEqual(arr(tab.pages), ['index']);
    // @ts-expect-error `topbarLinks` is classic only
    assert.equal(current.topbarLinks, undefined);
  });

  it('keep values unchecked: a wrong type reads as absent through str/obj/arr', () => {
    const c = obj(unchecked<DocsJsonCurrent>({ name: 42, navigation: 'x', colors: ['#fff'] }))!;
    assert.equal(str(c.name), undefined);
    assert.equal(obj(c.navigation), undefined);
    assert.equal(obj(c.colors), undefined);
    assert.deepEqual(arr(c.navigation), []);
  });
});
