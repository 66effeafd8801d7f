// Spelling: the prose a reader sees (and nothing else) checked against the shipped dictionaries,
// the words a site accepts from each place a team keeps them, and the quick fixes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkAll } from '../../server/src/check';
import { parsePage } from '../../server/src/pages/parse';
import { proseBlocks } from '../../server/src/pages/prose';
import { pageSite } from '../../server/src/rules/page-utils';
import type { SiteFiles } from '../../server/src/rules/types';
import { parseValeIni, readVocabulary } from '../../server/src/site/vale-config';
import { readCspellConfig } from '../../server/src/site/spelling-words';
import type { Finding } from '../../server/src/types';
import { memoSpeller, type Speller } from '../../server/src/util/speller';
import { proseWords, startsSentence } from '../../server/src/util/words';
import { MemoryWorkspace } from '../../server/src/workspace';
import { hostSpeller } from '../../server/src/node/speller';
import { applyFix, indexFrom, ROOT } from '../helpers';

const SPELLER = hostSpeller();

async function spelling(files: SiteFiles | MemoryWorkspace): Promise<Finding[]> {
  assert.ok(SPELLER, 'the spelling engine is built (node scripts/build.mjs)');
  const findings = checkAll((await indexFrom(files)).index, { speller: SPELLER });
  return findings.filter((f) => f.ruleId === 'spelling');
}

/** The words reported, each with the text at its range. */
async function reported(files: SiteFiles): Promise<string[]> {
  const ws = new MemoryWorkspace(files, ROOT);
  const out: string[] = [];
  for (const f of await spelling(ws)) {
    const lines = (ws.files.get(f.path) ?? '').split('\n');
    assert.equal(f.range.start.line, f.range.end.line);
    out.push(lines[f.range.start.line].slice(f.range.start.character, f.range.end.character));
  }
  return out;
}

describe('prose blocks', () => {
  const page = parsePage(
    '/site/a.mdx',
    [
      '---',
      'title: "Hello wrold"',
      'description: A descrption',
      'sidebarTitle: Sidebar',
      'icon: rocket',
      '---',
      '',
      "import { Widget } from '/snippets/widget.mdx';",
      '',
      '## Heading &amp; more',
      '',
      '<Card title="Card titel" href="/guides/setup" icon="bolt">',
      '  Body with [link txt](https://acme.dev/x) and ![alt txt](/a.png), `inlineCode` and {props.value}.',
      '  Second line \\*escaped\\* text.',
      '</Card>',
      '',
      '| Head one | Head two |',
      '| --- | --- |',
      '| cell txt | `code` |',
      '',
      '- item one',
      '  > quoted',
      '',
      '```js',
      'const notProse = 1;',
      '```',
      '',
      '{/* comment words */}',
    ].join('\n'),
  );
  const blocks = proseBlocks(page);

  it('gives each block its kind and runs whose text is the source at their offset', () => {
    const summary = blocks.map((b) => [b.kind, b.field ?? b.depth ?? b.component ?? '', b.runs.map((r) => r.text).join('|')]);
    assert.deepEqual(summary, [
      ['front-matter', 'title', 'Hello wrold'],
      ['front-matter', 'description', 'A descrption'],
      ['front-matter', 'sidebarTitle', 'Sidebar'],
      ['heading', 2, 'Heading | more'],
      ['attribute', 'title', 'Card titel'],
      ['paragraph', 'Card', 'Body with |link txt| and |, | and |.\n|Second line |*escaped|* text.'],
      ['image-alt', 'Card', 'alt txt'],
      ['table-cell', '', 'Head one'],
      ['table-cell', '', 'Head two'],
      ['table-cell', '', 'cell txt'],
      ['table-cell', '', ''],
      ['list-item', '', 'item one'],
      ['paragraph', '', 'quoted'],
    ]);
    for (const b of blocks) for (const r of b.runs) assert.equal(page.text.slice(r.offset, r.offset + r.text.length), r.text);
  });

  it('marks link text with its destination, header cells, lists and quotes', () => {
    const link = blocks.flatMap((b) => b.runs).find((r) => r.text === 'link txt');
    assert.deepEqual([link?.marks, link?.href], [['link'], 'https://acme.dev/x']);
    assert.deepEqual(
      blocks.filter((b) => b.kind === 'table-cell').map((b) => b.header === true),
      [true, true, false, false],
    );
    const quoted = blocks.find((b) => b.runs[0]?.text === 'quoted');
    assert.deepEqual([quoted?.list, quoted?.quote], [true, true]);
  });
});

describe('words to check', () => {
  const words = (text: string) => proseWords(text).map((w) => w.text);

  it('skips code-shaped words, addresses and short words', () => {
    assert.deepEqual(
      words(
        'Call getUser or ParamField with user_id, --verbose and -v; see https://acme.dev/x, www.acme.dev, me@acme.dev and @acme. ' +
          'Read config.json, .env, src/app and v2 at 10x. The API, HTTPS and OAuth take IDs and APIs. Run fetch() now.',
      ),
      ['Call', 'with', 'Read', 'take', 'Run'].filter((w) => w.length >= 4),
    );
  });

  it('reads possessives, curly apostrophes and hyphenated words as their words', () => {
    const read = proseWords('Acme’s users’ don’t re-recieve state-of-the-art notes');
    assert.deepEqual(
      read.map((w) => [w.text, w.word]),
      [
        ['Acme', 'Acme'],
        ['users', 'users'],
        ['don’t', "don't"],
        ['recieve', 'recieve'],
        ['state', 'state'],
        ['notes', 'notes'],
      ],
    );
    const text = 'Acme’s users’ don’t re-recieve state-of-the-art notes';
    for (const w of read) assert.equal(text.slice(w.offset, w.offset + w.text.length), w.text);
  });

  it('tells a sentence’s first word from a word within it', () => {
    const text = 'First word. Second sentence with Name, and (Quoted) too';
    const at = (w: string) => startsSentence(text, 0, text.indexOf(w));
    assert.deepEqual(['First', 'Second', 'Name', 'Quoted'].map(at), [true, true, false, false]);
  });
});

describe('spelling', () => {
  it('finds misspellings wherever the reader sees prose', async () => {
    const words = await reported(
      pageSite(
        [
          '## Recieve notes',
          '',
          'Each note you recieve arrives.',
          '',
          '- A lsit item',
          '',
          '| Column | Notes |',
          '| --- | --- |',
          '| A tabel cell here | ok |',
          '',
          'Read [the gude](/example) and see ![a diagrm](/a.png).',
          '',
          '<Note>',
          '  Notes are seperate.',
          '</Note>',
          '',
          '<Card title="Quik start" href="/example">Start here.</Card>',
          '',
        ].join('\n'),
        { frontmatter: '---\ntitle: "Create a notte"\ndescription: "Create a note in fiev minutes."\nsidebarTitle: "Craete"\n---\n\n' },
      ),
    );
    assert.deepEqual(words, ['notte', 'fiev', 'Craete', 'Recieve', 'recieve', 'lsit', 'tabel', 'gude', 'diagrm', 'seperate', 'Quik']);
  });

  it('never reads code, URLs, paths, imports, expressions, identifiers or component and attribute names', async () => {
    const words = await reported(
      pageSite(
        [
          "import { Wdiget } from '/snippets/wdiget.mdx';",
          'export const qwzx = 1;',
          '',
          '## Setup',
          '',
          'Run `npm instal qwzx` and call getQwzx or qwzx_value with --qwzx-flag, then read qwzx.json,',
          'src/qwzx/file and https://qwzx.dev/qwzx, or mail qwzx@acme.dev. The QWZX and {props.qwzxa} stay.',
          '',
          '<Qwzxcomp qwzxattr="qwzxvalue" title="Ready">Text.</Qwzxcomp>',
          '',
          '```bash',
          'qwzx --recieve',
          '```',
          '',
          '{/* qwzx recieve */}',
          '',
        ].join('\n'),
      ),
    );
    assert.deepEqual(words, []);
  });

  it('accepts the words of .docwright.json, cspell files, Vale vocabularies and the names the site defines', async () => {
    // Each word starts a sentence: a capital there says nothing of a name.
    const body = '## Setup\n\nQwzx works. Zorbly works. Frobnik works. Glarp works. Blimpo works.\n';
    const unknown = ['Qwzx', 'Zorbly', 'Frobnik', 'Glarp', 'Blimpo'];
    assert.deepEqual(await reported(pageSite(body)), unknown);
    const accepted = async (extra: SiteFiles, repository?: SiteFiles) => {
      const files = pageSite(body, { extra });
      if (!repository) return reported(files);
      // The site in the folder /site of a repository whose root (/) holds `repository`.
      const all: SiteFiles = { '.git/HEAD': 'ref: refs/heads/main\n', ...repository };
      for (const [rel, text] of Object.entries(files)) all[`site/${rel}`] = text;
      return (await spelling(new MemoryWorkspace(all, '/'))).map((f) => f.message.split('`')[1]);
    };
    assert.deepEqual(await accepted({ '.docwright.json': JSON.stringify({ words: ['QWZX'] }) }), unknown.slice(1));
    assert.deepEqual(await accepted({ 'cspell.json': '// team words\n{"words": ["zorbly"], "ignoreWords": ["frobnik"]}' }), ['Qwzx', 'Glarp', 'Blimpo']);
    assert.deepEqual(
      await accepted({
        '.cspell.json': JSON.stringify({ dictionaryDefinitions: [{ name: 'team', path: './team-words.txt' }] }),
        'team-words.txt': 'glarp\n# a comment\nblimpo\n',
      }),
      ['Qwzx', 'Zorbly', 'Frobnik'],
    );
    // Vale's entries are case-sensitive (a pattern with `(?i)` is not); a capital that starts a sentence is the entry's word.
    // (Vale's own spelling is off here: where it runs, it reports the page's spelling.)
    assert.deepEqual(
      await accepted({
        '.vale.ini': 'StylesPath = styles\nVocab = Team\n\n[*.mdx]\nBasedOnStyles = Vale\nVale.Spelling = NO\n',
        'styles/config/vocabularies/Team/accept.txt': '# names\nZorbly\n(?i)qwz[xy]\nfrob(nik|nak)\nglarp\n',
      }),
      ['Frobnik', 'Blimpo'],
    );
    const named = pageSite(body);
    const config = JSON.parse(named['docs.json']);
    config.name = 'Qwzx Cloud';
    config.navigation[0].group = 'Blimpo guides';
    named['docs.json'] = JSON.stringify(config);
    assert.deepEqual(await reported(named), ['Zorbly', 'Frobnik', 'Glarp']);
    assert.deepEqual(await accepted({}, { 'cspell.json': JSON.stringify({ words: ['Glarp'] }) }), ['Qwzx', 'Zorbly', 'Frobnik', 'Blimpo']);
    // Only the repository root's own cspell file counts, not one in another folder of it.
    assert.deepEqual(await accepted({}, { 'x/cspell.json': JSON.stringify({ words: ['Glarp'] }) }), unknown);
  });

  it('reads closed compounds, prefixed and inflected words, placeholders and short table cells as right, and a compound one letter from a word as a typo', async () => {
    const body = [
      '## Setup',
      '',
      'Linkchecker runs. Reindexing starts. Likelyhood drops. Misrouting ends. Regionalized data stays in xxxxxxxx and mydatabase.',
      '',
      '| Chain | Identifier |',
      '| --- | --- |',
      '| Zorbly | zorbly-main |',
      '| Zorbly the second | ok |',
      '',
    ].join('\n');
    // `likelyhood` is `likely` + `hood`, but one letter from `likelihood`; a cell of one or two words is a label or a value.
    assert.deepEqual(await reported(pageSite(body)), ['Likelyhood', 'Zorbly']);
  });

  it('takes a word the site writes as code, on any page, as a term; not one only in a comment, nor a camelCase name run together', async () => {
    const site = pageSite(
      [
        '## Setup',
        '',
        'Capture traffic with tcpdump and check the unbonding period.',
        '',
        'Initilize the client. Allowprivilegeescalation stays off. Tcpdumb is a typo.',
        '',
      ].join('\n'),
      { pages: ['tools'] },
    );
    // Another page: the tool in inline code, a field in a camelCase name, a typo in a comment line.
    site['tools.mdx'] =
      '---\ntitle: "Tools"\ndescription: "The tools of the example site."\n---\n\n## Tools\n\nRun `tcpdump -i eth0`.\n\n```js\n// initilize the client\nconst t = tx.unbondingTime;\nconst p = { allowPrivilegeEscalation: false };\n```\n';
    assert.deepEqual(await reported(site), ['Initilize', 'Allowprivilegeescalation', 'Tcpdumb']);
  });

  it('reads British spellings and the words the American list lacks, and still reports their misspellings', async () => {
    const body = '## Setup\n\nThe colour of key exfiltration risks at hackathons. The colur of exfiltraton risks.\n';
    assert.deepEqual(await reported(pageSite(body)), ['colur', 'exfiltraton']);
  });

  it('takes another prefix, a prefix before another word, and a compound’s plural as no sign of a typo, but a misspelled inflection as one', async () => {
    const body = [
      '## Setup',
      '',
      'Clock desynchronization during unbonding on a nameserver.',
      '',
      'Sandboxed webhooks occured, commited and were accesss.',
      '',
      'Then destory what desides the cofigure perhap.',
      '',
    ].join('\n');
    // `destory` is `destroy` misspelled, `desides` and `cofigure` short words with a typo near another prefix, `perhap` no compound of words of four letters.
    assert.deepEqual(await reported(pageSite(body)), ['occured', 'commited', 'accesss', 'destory', 'desides', 'cofigure', 'perhap']);
  });

  it('leaves a page’s spelling to the site’s Vale setup where it runs a spelling rule, unless settings turn it off', async () => {
    const body = '## Setup\n\nEach note you recieve arrives.\n';
    const ini = (styles: string, extra = '') => `StylesPath = styles\n\n[*.mdx]\nBasedOnStyles = ${styles}\n${extra}`;
    const ids = async (extra: SiteFiles) => {
      const { index } = await indexFrom(pageSite(body, { extra }));
      return checkAll(index, { speller: SPELLER })
        .filter((f) => /spelling/i.test(f.ruleId))
        .map((f) => f.ruleId);
    };
    // Vale's own spelling, or a style's spelling rule: one report, Vale's.
    assert.deepEqual(await ids({ '.vale.ini': ini('Vale') }), ['Vale.Spelling']);
    assert.deepEqual(await ids({ '.vale.ini': ini('Acme'), 'styles/Acme/Spelling.yml': 'extends: spelling\nmessage: "Check \'%s\'."\nlevel: error\n' }), [
      'Acme.Spelling',
    ]);
    // No spelling rule on the page, or Vale's turned off by the site's settings: the spelling rule reports.
    assert.deepEqual(await ids({ '.vale.ini': ini('Acme'), 'styles/Acme/Will.yml': 'extends: existence\nmessage: "No."\ntokens:\n  - will\n' }), ['spelling']);
    assert.deepEqual(await ids({ '.vale.ini': ini('Vale', 'Vale.Spelling = NO\n') }), ['spelling']);
    assert.deepEqual(await ids({ '.vale.ini': ini('Vale'), '.docwright.json': JSON.stringify({ rules: { 'Vale.Spelling': 'off' } }) }), ['spelling']);
    assert.deepEqual(await ids({ '.vale.ini': ini('Vale'), '.docwright.json': JSON.stringify({ rules: { vale: 'off' } }) }), ['spelling']);
  });

  it('takes a word the page writes as a name, within a sentence or spelled by its link, as right on that page', async () => {
    const body =
      '## Setup\n\nZorbly runs here. The team runs Zorbly and [Glarp](https://glarp.dev). Frobnik runs too. See [qwzxcopy](https://ops.example.dev/x) and [recieve](https://ops.example.dev/y).\n';
    // A link to another site names what it links to when its word is near no dictionary word (`qwzxcopy`), not when it is one letter from one.
    assert.deepEqual(await reported(pageSite(body)), ['Frobnik', 'recieve']);
  });

  it('leaves out pages in another language of the site, and Latin filler', async () => {
    const site = pageSite('## Setup\n\nLorem ipsum dolor sit amet, consectetur adipiscing elit.\n', { pages: ['fr/guide'] });
    site['fr/guide.mdx'] =
      '---\ntitle: "Guide"\ndescription: "Le guide du site, en français."\n---\n\n## Bienvenue\n\nCette page explique comment commencer.\n';
    site['docs.json'] = JSON.stringify({
      name: 'Acme',
      favicon: '/favicon.svg',
      colors: { primary: '#0B6E4F' },
      navigation: {
        languages: [
          { language: 'en', groups: [{ group: 'Guides', pages: ['example'] }] },
          { language: 'fr', groups: [{ group: 'Guides', pages: ['fr/guide'] }] },
        ],
      },
    });
    assert.deepEqual(await reported(site), []);
  });

  it('offers the closest words and adding the word to the site’s words, which silences it across the site', async () => {
    const ws = new MemoryWorkspace(pageSite('## Setup\n\nEach note you recieve is new. Qwzxly notes last.\n', { pages: ['other'] }), ROOT);
    ws.files.set(`${ROOT}/other.mdx`, '---\ntitle: "Other"\ndescription: "Another page of the example site."\n---\n\n## More\n\nQwzxly again.\n');
    const [typo, name, other] = await spelling(ws);
    assert.equal(typo.message, '`recieve` is not in the dictionary (did you mean `receive` or `relieve`?)');
    assert.equal(typo.fixes![0].title, 'Change to "receive"');
    assert.ok(
      typo.fixes!.every((f) => !f.isPreferred),
      'a guess is never applied unasked',
    );
    assert.match(name.message, /^`Qwzxly` is not in the dictionary/);
    assert.equal(other.path, `${ROOT}/other.mdx`);
    applyFix(ws, typo.fixes![0]);
    assert.match(ws.files.get(`${ROOT}/example.mdx`)!, /Each note you receive is new/);
    // No .docwright.json yet: the fix makes one.
    const add = name.fixes!.at(-1)!;
    assert.equal(add.title, 'Add "Qwzxly" to the site\'s words (.docwright.json)');
    applyFix(ws, add);
    assert.deepEqual(JSON.parse(ws.files.get(`${ROOT}/.docwright.json`)!), { words: ['Qwzxly'] });
    assert.deepEqual(await spelling(ws), []);
    // With one: the word is added to its list, the rest kept.
    ws.files.set(`${ROOT}/example.mdx`, ws.files.get(`${ROOT}/example.mdx`)! + '\nZorblyx notes last.\n');
    ws.files.set(`${ROOT}/.docwright.json`, '{\n  "rules": { "prose-passive": "off" },\n  "words": ["Qwzxly"]\n}\n');
    const [next] = await spelling(ws);
    applyFix(ws, next.fixes!.at(-1)!);
    assert.deepEqual(JSON.parse(ws.files.get(`${ROOT}/.docwright.json`)!), { rules: { 'prose-passive': 'off' }, words: ['Qwzxly', 'Zorblyx'] });
    assert.deepEqual(await spelling(ws), []);
  });
});

describe('Vale and cspell files', () => {
  it('reads .vale.ini: global keys, sections, continued lines, StylesPath from its folder', () => {
    const c = parseValeIni('# c\nStylesPath = .vale/styles\nVocab = Base, Team\nTokenIgnores = a, \\\n  b\n\n[*.mdx]\nBasedOnStyles = Vale, Team\n', '/repo');
    assert.equal(c.stylesPath, '/repo/.vale/styles');
    assert.deepEqual(c.vocab, ['Base', 'Team']);
    assert.equal(c.global.get('TokenIgnores'), 'a, b');
    assert.deepEqual(
      c.sections.map((s) => [s.glob, s.entries.get('BasedOnStyles')]),
      [['*.mdx', 'Vale, Team']],
    );
  });

  it('reads vocabulary entries as words or whole-word patterns, and refuses patterns that backtrack without bound', () => {
    const v = readVocabulary('Acme\nNode.js\n(?i)auth\nallowlist(s|ed)?\n(a+)+b\n[broken\n');
    assert.deepEqual(v.words, ['Acme', 'Node.js']);
    assert.deepEqual(
      ['Auth', 'AUTH', 'oauth', 'allowlisted', 'allowlisting'].map((w) => v.patterns.some((p) => p.test(w))),
      [true, true, false, true, false],
    );
    assert.deepEqual(
      v.skipped.map((s) => s.entry),
      ['(a+)+b', '[broken'],
    );
  });

  it('reads cspell words from JSON with comments and from YAML', () => {
    assert.deepEqual(readCspellConfig('{ /* team */ "words": ["a"], "ignoreWords": ["b"], }', 'json')?.words, ['a', 'b']);
    assert.deepEqual(readCspellConfig('words:\n  - c\n', 'yaml')?.words, ['c']);
    assert.equal(readCspellConfig('[1]', 'json'), undefined);
  });
});

describe('the speller', () => {
  it('keeps each answer, so a word costs one lookup', () => {
    let lookups = 0;
    const counting: Speller = {
      knows: (w) => (lookups++, w === 'known'),
      suggest: (w) => (lookups++, [w + 'x']),
    };
    const s = memoSpeller(counting);
    for (let i = 0; i < 3; i++) assert.deepEqual([s.knows('known'), s.knows('other'), s.suggest('a', 2)], [true, false, ['ax']]);
    assert.equal(lookups, 3);
  });

  it('holds English, software terms and company names, and suggests the word meant', () => {
    assert.ok(SPELLER);
    assert.deepEqual(
      ['receive', 'Receive', "doesn't", 'webhook', 'Kubernetes', 'GitHub', 'recieve', 'qwzx'].map((w) => SPELLER.knows(w)),
      [true, true, true, true, true, true, false, false],
    );
    assert.equal(SPELLER.suggest('recieve', 3)[0], 'receive');
  });
});
