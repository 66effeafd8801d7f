// Differential tests against the format's reference packages (@mintlify/common, @mintlify/components):
// the built-in component list, component props, and heading ids over whole pages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  builtinNames,
  catalogueOnlyAttributes,
  comparePages,
  componentProps,
  corpusPages,
  generatedPages,
  reference,
  referencePropInfo,
} from '../../scripts/conformance/common';
import { COMPONENTS, COMPONENTS_WITHOUT_ID } from '../../server/src/components/catalog';
import { fieldSlug, slugify } from '../../server/src/util/slug';
import { pageSite } from '../../server/src/rules/page-utils';
import { check } from '../helpers';

const show = (d: { input: unknown; ours: unknown; theirs: unknown }[]) =>
  d
    .slice(0, 5)
    .map((x) => JSON.stringify(x))
    .join('\n');

describe('built-in components (@mintlify/common allowedComponents)', () => {
  it('knows every name the reference renders without an import', async () => {
    const result = await builtinNames();
    assert.ok(result.tried > 90);
    assert.deepEqual(result.disagreements, []);
  });

  it('does not call <Link> or <Mention> unknown; a misspelt name still is', async () => {
    const page = (body: string) => pageSite(body, {});
    const unknown = async (body: string) => (await check(page(body))).filter((f) => f.ruleId === 'component-unknown').map((f) => f.message);
    assert.deepEqual(await unknown('See <Link href="/index">the home page</Link> and <Mention page="/index" />.\n'), []);
    assert.equal((await unknown('See <Lnk href="/index">the home page</Lnk>.\n')).length, 1);
  });

  it('accepts a callout title, and still reports an attribute no callout reads', async () => {
    const attrs = async (body: string) => (await check(pageSite(body, {}))).filter((f) => f.ruleId.startsWith('component-attribute')).map((f) => f.message);
    assert.deepEqual(
      await attrs('<Note title="Before you start">\n  Read this.\n</Note>\n\n<Callout title="Heads up" icon="bell">\n  Text.\n</Callout>\n'),
      [],
    );
    assert.equal((await attrs('<Note titel="Before you start">\n  Read this.\n</Note>\n')).length, 1);
  });
});

const listed = (d: { input: unknown; ours: unknown; theirs: unknown }[]) =>
  d.map((x) => `${String(x.input)}: ours ${String(x.ours)}, theirs ${String(x.theirs)}`).join('\n');

describe('component props (@mintlify/components type declarations)', () => {
  it('knows every prop an author may write, with its type, on every catalogue component the reference declares', () => {
    const result = componentProps();
    assert.ok(result.tried > 450, `${result.tried} props compared`);
    assert.equal(result.disagreements.length, 0, listed(result.disagreements));
  });

  it('knows no attribute the reference ignores unless the format documents it', () => {
    const result = catalogueOnlyAttributes();
    assert.ok(result.tried > 100, `${result.tried} attributes compared`);
    assert.equal(result.disagreements.length, 0, listed(result.disagreements));
  });

  it("classifies HTML attributes a component passes on, and the reference's internal props", () => {
    const props = referencePropInfo();
    const panel = props.get('Panel') ?? [];
    assert.ok(panel.length > 40 && panel.every((p) => p.html), 'Panel takes only the HTML attributes of its <div>');
    assert.equal(props.get('Update')?.find((p) => p.name === 'label')?.html, false);
    assert.equal(props.get('View')?.find((p) => p.name === 'items')?.internal, true);
    assert.deepEqual(props.get('Badge')?.find((p) => p.name === 'variant')?.type, { kind: 'enum', values: ['solid', 'outline'] });
  });

  it('accepts on the page what the reference reads, and still reports what it ignores', async () => {
    const attrs = async (body: string) =>
      (await check(pageSite(body, {}))).filter((f) => f.ruleId.startsWith('component-attribute')).map((f) => `${f.ruleId}: ${f.message}`);
    assert.deepEqual(
      await attrs(
        '<Panel role="note" tabIndex={0}>\n  Text.\n</Panel>\n\n<Badge variant="outline" leadIcon="star">New</Badge>\n\n<Tooltip tip="Explained" side="bottom">term</Tooltip>\n',
      ),
      [],
    );
    assert.deepEqual(await attrs('<Badge variant="dashed">New</Badge>\n'), [
      'component-attribute-value: "dashed" is not a valid variant for <Badge>. Expected one of: solid, outline.',
    ]);
    const ignored = await attrs(
      '<Panel titel="x">\n  Text.\n</Panel>\n\n<Tooltip tip="x" placement="top">term</Tooltip>\n\n<Frame type="glass">\n  <img src="https://example.com/a.png" alt="A view" />\n</Frame>\n',
    );
    assert.deepEqual(
      ignored.map((m) => m.replace(/\. .*/, '.')),
      [
        'component-attribute-unknown: <Panel> has no attribute "titel".',
        'component-attribute-unknown: <Tooltip> has no attribute "placement".',
        'component-attribute-unknown: <Frame> has no attribute "type".',
      ],
    );
  });
});

describe('component ids (@mintlify/common componentIds)', () => {
  it("gives no element the `id` of exactly the components of the reference's list, from the catalogue's `anchor`", async () => {
    const c = await reference();
    assert.deepEqual([...COMPONENTS_WITHOUT_ID].sort(), [...c.COMPONENTS_WITHOUT_ID].sort());
    // The components the reference says keep their id (cleaned or as written) keep it in the catalogue too.
    const kept = COMPONENTS.filter(
      (x) => (c.COMPONENTS_WITH_RAW_ID.has(x.name) || c.COMPONENTS_WITH_CLEANED_ID.has(x.name)) && COMPONENTS_WITHOUT_ID.has(x.name),
    );
    assert.deepEqual(kept, []);
  });
});

describe('heading ids (@mintlify/common slugify, counter and table of contents)', () => {
  it('gives the ids of the issue as the reference does', async () => {
    const c = await reference();
    for (const title of [
      'onChatSuspend / onChatResume',
      'Wait — suspend until data arrives',
      'C++ & C#',
      '@mentions',
      'Users’ guide',
      '中文标题',
      "don't stop",
      '100%',
    ])
      assert.equal(slugify(title), c.slugify(title), title);
    assert.equal(slugify('onChatSuspend / onChatResume'), 'onchatsuspend-%2F-onchatresume');
  });

  it('agrees on at least 10,000 generated headings over whole pages', async () => {
    const result = await comparePages('generated headings', generatedPages(14_000));
    assert.ok(result.tried >= 10_000, `${result.tried} heading ids compared`);
    assert.equal(result.disagreements.length, 0, show(result.disagreements));
  });

  it('agrees on every heading of the local corpus copies', async (t) => {
    const pages = corpusPages();
    if (!pages) {
      t.skip('no local corpus (set DOCWRIGHT_CORPUS to the folder scripts/corpus.mjs extracts into; the real sites are not in CI)');
      return;
    }
    const result = await comparePages(
      'corpus pages',
      pages.map((p) => p.text),
    );
    assert.ok(result.tried > 0);
    assert.equal(result.disagreements.length, 0, show(result.disagreements));
  });
});

describe('field ids (@mintlify/common generateParamFieldId)', () => {
  it('gives every ASCII field name, repeated, the id the reference gives it', async () => {
    const c = await reference();
    const pieces = [
      'user',
      'User',
      'ID',
      'Id',
      'id',
      'HTTP',
      'Server',
      'v2',
      '2',
      '_',
      '-',
      '.',
      '[]',
      ' ',
      "'",
      "'s",
      "'t",
      '&',
      '\\',
      'x',
      'URL',
      'JSON',
      'aB',
      'ABc',
    ];
    let tried = 0;
    for (let i = 0; i < 3000; i++) {
      let name = '';
      for (let k = 0, n = 1 + (i % 5); k < n; k++) name += pieces[(i * 7 + k * 13 + ((i * k) % 11)) % pieces.length];
      for (const repeat of [0, 1, 3]) {
        tried++;
        assert.equal(fieldSlug(name, repeat), c.generateParamFieldId(name, repeat), JSON.stringify([name, repeat]));
      }
    }
    assert.ok(tried >= 9000);
    // Names the format transliterates are left unknown rather than guessed.
    assert.equal(fieldSlug('Straße'), undefined);
  });
});

describe('link-broken matches #anchors exactly, as a browser does', () => {
  const target =
    '---\ntitle: "Events"\ndescription: "The events of a chat."\n---\n\n## onChatSuspend / onChatResume\n\nText.\n\n## Wait — suspend until data arrives\n\nText.\n';
  const broken = async (link: string) => {
    const files = pageSite(`Read [it](${link}).\n`, { extra: { 'events.mdx': target }, pages: ['events'] });
    return (await check(files)).filter((f) => f.ruleId === 'link-broken').map((f) => f.message);
  };
  it('accepts the published ids, raw or percent-encoded', async () => {
    assert.deepEqual(await broken('/events#onchatsuspend-/-onchatresume'), []);
    assert.deepEqual(await broken('/events#onchatsuspend-%2F-onchatresume'), []);
    assert.deepEqual(await broken('/events#wait-—-suspend-until-data-arrives'), []);
  });
  it('reports ids that differ in punctuation or case, suggesting the published one', async () => {
    assert.deepEqual(await broken('/events#onchatsuspend--onchatresume'), [
      'No heading "#onchatsuspend--onchatresume" on "events". Did you mean "#onchatsuspend-/-onchatresume"?',
    ]);
    assert.deepEqual(await broken('/events#wait--suspend-until-data-arrives'), [
      'No heading "#wait--suspend-until-data-arrives" on "events". Did you mean "#wait-—-suspend-until-data-arrives"?',
    ]);
    assert.equal((await broken('/events#OnChatSuspend-/-OnChatResume')).length, 1);
  });
});
