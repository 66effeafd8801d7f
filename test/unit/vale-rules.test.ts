// The site's Vale styles, rule type by rule type: fixtures of our own written from Vale's
// documented examples (an input, the expected hits), on the prose as the page renders it, in
// headings, lists, tables, components and front matter, never in code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INI, pairs, valeHits, valeSite, yml } from '../vale-helpers';
import { applyFix, checkProject, ROOT, TEST_SPELLER } from '../helpers';
import { MemoryWorkspace } from '../../server/src/workspace';
import { Project } from '../../server/src/project';
import type { Finding } from '../../server/src/types';
import type { Speller } from '../../server/src/util/speller';

const existence = (tokens: string[], extra: Record<string, unknown> = {}) =>
  yml({ extends: 'existence', message: "Consider removing '%s'", level: 'warning', tokens, ...extra });

describe('vale existence', () => {
  const rule = existence(['appears to be', 'arguably'], { ignorecase: true });

  it('matches its tokens as whole words, whatever their case with ignorecase', async () => {
    assert.deepEqual(await pairs(valeSite('This appears to be fine. Arguably, it is. Arguablyx is not a word.\n', { Hedging: rule })), [
      ['Acme.Hedging', 'appears to be'],
      ['Acme.Hedging', 'Arguably'],
    ]);
    const hit = (await valeHits(valeSite('It arguably works.\n', { Hedging: rule })))[0];
    assert.equal(hit.message, "Consider removing 'arguably'");
    assert.equal(hit.severity, 'warning');
  });

  it('is case-sensitive without ignorecase', async () => {
    assert.deepEqual(await pairs(valeSite('Arguably it works, and arguably fast.\n', { Hedging: existence(['arguably']) })), [['Acme.Hedging', 'arguably']]);
  });

  it('reads headings, lists, tables, components, link text, alt text and front matter, not code', async () => {
    const body = [
      '## Arguably a heading',
      '',
      '- A list item, arguably.',
      '',
      '| Column | Note |',
      '| --- | --- |',
      '| one | arguably two |',
      '',
      '<Note>',
      '  Inside a note, arguably.',
      '</Note>',
      '',
      '<Card title="Arguably a card" href="/arguably">',
      '  Card text.',
      '</Card>',
      '',
      'See [arguably a link](https://acme.dev/arguably) and ![arguably an image](/img.png).',
      '',
      'Not in `arguably` code or {"arguably"} expressions.',
      '',
      '```text',
      'arguably in a code block',
      '```',
      '',
    ].join('\n');
    const frontmatter = '---\ntitle: "Arguably the title"\ndescription: "A description, arguably."\n---\n\n';
    const found = await pairs(valeSite(body, { Hedging: existence(['arguably'], { ignorecase: true }) }, { frontmatter }));
    assert.deepEqual(
      found.map(([, t]) => t),
      ['Arguably', 'arguably', 'Arguably', 'arguably', 'arguably', 'arguably', 'Arguably', 'arguably', 'arguably'],
    );
    assert.equal(found.length, 9, 'title, description, heading, list item, table cell, note, card title, link text, alt text');
  });

  it('nonword drops the word boundaries (Vale: \\d+(?:st|nd|rd|th))', async () => {
    const rule = existence(['\\d+(?:st|nd|rd|th)'], { nonword: true });
    assert.deepEqual(await pairs(valeSite('On the 21st floor, the 3rd door.\n', { Ordinal: rule })), [
      ['Acme.Ordinal', '21st'],
      ['Acme.Ordinal', '3rd'],
    ]);
    // With the word boundaries, `th` inside `month` is no token of its own.
    assert.deepEqual(await pairs(valeSite('Each month, the th tag.\n', { Th: existence(['th']) })), [['Acme.Th', 'th']]);
    assert.deepEqual(
      (await pairs(valeSite('Each month, the th tag.\n', { Th: existence(['th'], { nonword: true }) }))).map(([, t]) => t),
      ['th', 'th', 'th'],
    );
  });

  it('exceptions are matched inside what a token matched, case-sensitively', async () => {
    const rule = existence(['[A-Z]{3,}s?'], { exceptions: ['API', 'SDKs'] });
    assert.deepEqual(await pairs(valeSite('The API and the SDKs, but not the CLI or the JWTs.\n', { Caps: rule })), [
      ['Acme.Caps', 'CLI'],
      ['Acme.Caps', 'JWTs'],
    ]);
  });

  it('raw is joined before the word-bounded tokens (a Vale passive-voice rule)', async () => {
    const rule = yml({
      extends: 'existence',
      message: "Passive voice: '%s'.",
      ignorecase: true,
      raw: ['\\b(am|are|were|being|is|been|was|be)\\b\\s*'],
      tokens: ['[\\w]+ed', 'built', 'sent'],
    });
    assert.deepEqual(await pairs(valeSite('The note is created by the API. It was sent. The API sends it.\n', { Passive: rule })), [
      ['Acme.Passive', 'is created'],
      ['Acme.Passive', 'was sent'],
    ]);
  });

  it('an action gives the quick fix (edit trim_right)', async () => {
    const rule = yml({
      extends: 'existence',
      message: "Don't use exclamation points in text.",
      nonword: true,
      level: 'error',
      action: { name: 'edit', params: ['trim_right', '!'] },
      tokens: ['\\w+!(?:\\s|$)'],
    });
    const ws = new MemoryWorkspace(valeSite('It works! Try it.\n', { Exclamation: rule }), ROOT);
    const [hit] = await valeHits(ws);
    assert.equal(hit.text, 'works! ');
    assert.equal(hit.severity, 'error');
    applyFix(ws, hit.finding.fixes![0]);
    assert.match(ws.files.get(`${ROOT}/example.mdx`)!, /It works Try it\./, 'the space after the match stays');
  });
});

describe('vale substitution', () => {
  const rule = yml({
    extends: 'substitution',
    message: "Use '%s' instead of '%s'.",
    level: 'error',
    ignorecase: true,
    swap: { 'e-mail': 'email', 'log-in': 'log in', 'kill|terminate': 'stop|end' },
  });

  it('reports the observed term with what to write, and fixes it', async () => {
    const ws = new MemoryWorkspace(valeSite('Send an E-mail after you log-in. Then terminate the job.\n', { Terms: rule }), ROOT);
    const hits = await valeHits(ws);
    assert.deepEqual(
      hits.map((h) => [h.text, h.message]),
      [
        ['E-mail', "Use 'email' instead of 'E-mail'."],
        ['log-in', "Use 'log in' instead of 'log-in'."],
        ['terminate', "Use 'stop|end' instead of 'terminate'."],
      ],
    );
    const fix = hits[0].finding.fixes!.find((f) => f.isPreferred)!;
    assert.equal(fix.title, 'Change to "email"');
    applyFix(ws, fix);
    assert.deepEqual(
      (await valeHits(ws)).map((h) => h.text),
      ['log-in', 'terminate'],
    );
    // Two choices: two fixes, neither preferred.
    assert.deepEqual(
      hits[2].finding.fixes!.map((f) => [f.title, f.isPreferred]),
      [
        ['Change to "stop"', false],
        ['Change to "end"', false],
      ],
    );
  });

  it('action replace lists the choices in the message', async () => {
    const replace = yml({
      extends: 'substitution',
      message: "Use '%s' instead of '%s'.",
      action: { name: 'replace' },
      swap: { '(?:kill|terminate)': 'stop|exit|cancel' },
    });
    assert.deepEqual(
      (await valeHits(valeSite('Then terminate the job.\n', { Terms: replace }))).map((h) => h.message),
      ["Use 'stop', 'exit', or 'cancel' instead of 'terminate'."],
    );
  });

  it('a term already written as the replacement is fine, and without ignorecase case matters', async () => {
    const strict = yml({ extends: 'substitution', message: "Use '%s' instead of '%s'.", swap: { url: 'URL', 'Java Script': 'JavaScript' } });
    assert.deepEqual(await pairs(valeSite('The URL and the url; Java Script.\n', { Strict: strict })), [
      ['Acme.Strict', 'url'],
      ['Acme.Strict', 'Java Script'],
    ]);
  });

  it('a term split by markup is reported without a fix that would drop the markup', async () => {
    const hits = await valeHits(valeSite('Send an e-**mail** now.\n', { Terms: rule }));
    assert.deepEqual(
      hits.map((h) => h.text),
      ['e-**mail'],
    );
    assert.equal(hits[0].finding.fixes, undefined);
  });
});

describe('vale occurrence', () => {
  it('counts matches in its scope against max (a sentence-length rule)', async () => {
    const rule = yml({
      extends: 'occurrence',
      message: 'Try to keep sentences short (< 8 words); this one has %s.',
      scope: 'sentence',
      level: 'suggestion',
      max: 8,
      token: '[^\\s]+',
    });
    const hits = await valeHits(valeSite('Short one here. This sentence has far too many words in it to read well. Fine.\n', { Length: rule }));
    assert.deepEqual(
      hits.map((h) => [h.text, h.message, h.severity]),
      [['This', 'Try to keep sentences short (< 8 words); this one has 12.', 'information']],
    );
  });

  it('min: a heading with too few words', async () => {
    const rule = yml({ extends: 'occurrence', message: 'Headings need %s+ words.', scope: 'heading', min: 2, token: '\\w+' });
    assert.deepEqual(await pairs(valeSite('## Setup\n\nText.\n\n## Install the SDK\n\nText.\n', { Short: rule })), [['Acme.Short', 'Setup']]);
  });
});

describe('vale repetition', () => {
  it('a word written twice in a row (Vale.Repetition and a style rule)', async () => {
    const ini = 'StylesPath = .vale/styles\n\n[*.mdx]\nBasedOnStyles = Vale, Acme\n';
    const body = 'Send the the note. Send it it now. A a is not alphabetic twice: 1 1.\n';
    const hits = await valeHits(valeSite(body, {}, { ini, extra: { '.vale/styles/Acme/.keep.yml': '' } }));
    assert.deepEqual(
      hits.filter((h) => h.rule === 'Vale.Repetition').map((h) => [h.text, h.message]),
      [
        ['the the', "'the' is repeated!"],
        ['it it', "'it' is repeated!"],
      ],
    );
    const custom = yml({ extends: 'repetition', message: "'%s' is repeated!", ignorecase: true, alpha: true, tokens: ['[^\\s\\.]+'] });
    assert.deepEqual(await pairs(valeSite('A a note.\n', { Repeat: custom })), [['Acme.Repeat', 'A a']]);
  });
});

describe('vale consistency', () => {
  it('the second spelling a page uses is reported once both have appeared', async () => {
    const rule = yml({
      extends: 'consistency',
      message: "Inconsistent spelling of '%s'.",
      level: 'error',
      ignorecase: true,
      either: { advisor: 'adviser', centre: 'center' },
    });
    assert.deepEqual(await pairs(valeSite('Ask an advisor.\n\nThe centre is near.\n\nAsk the adviser.\n', { Spelling: rule })), [['Acme.Spelling', 'adviser']]);
    assert.deepEqual(await pairs(valeSite('Ask an advisor. Ask another advisor.\n', { Spelling: rule })), []);
  });
});

describe('vale conditional', () => {
  const rule = yml({
    extends: 'conditional',
    message: "'%s' has no definition.",
    level: 'error',
    first: '\\b([A-Z]{3,5})\\b',
    second: '(?:\\b[A-Z][a-z]+ )+\\(([A-Z]{3,5})\\)',
    exceptions: ['ABC', 'API'],
  });

  it('an acronym is fine once the page defines it, and its exceptions always', async () => {
    assert.deepEqual(await pairs(valeSite('The World Health Organization (WHO) says so. WHO agrees, ABC and API too, not NASA.\n', { Acronyms: rule })), [
      ['Acme.Acronyms', 'NASA'],
    ]);
  });

  it('a use before the definition, in an earlier block, is reported', async () => {
    assert.deepEqual(await pairs(valeSite('WHO agrees.\n\nThe World Health Organization (WHO) says so. WHO again.\n', { Acronyms: rule })), [
      ['Acme.Acronyms', 'WHO'],
    ]);
  });

  it('a second without a group is a presence check: the text that has it is fine, the one that lacks it is not', async () => {
    const presence = yml({ extends: 'conditional', message: "'%s' needs a trademark notice.", first: '\\bAcmeDB\\b', second: 'AcmeDB is a trademark' });
    assert.deepEqual(await pairs(valeSite('AcmeDB stores it. AcmeDB is a trademark of Acme.\n\nAcmeDB is fast.\n', { Notice: presence })), [
      ['Acme.Notice', 'AcmeDB'],
    ]);
    // With a group, a match of `second` defines only what it captures: the text's other uses stay reported.
    assert.deepEqual(await pairs(valeSite('The World Health Organization (WHO) and NASA agree.\n', { Acronyms: rule })), [['Acme.Acronyms', 'NASA']]);
  });
});

describe('vale capitalization', () => {
  const title = yml({ extends: 'capitalization', message: "'%s' should be in title case", level: 'warning', scope: 'heading', match: '$title', style: 'AP' });
  const sentence = yml({
    extends: 'capitalization',
    message: "'%s' should use sentence-style capitalization.",
    scope: 'heading',
    match: '$sentence',
    indicators: [':'],
    exceptions: ['Acme', 'GitHub Actions'],
  });

  it('$title (AP): Vale’s example heading, and a fix to the expected case', async () => {
    const ws = new MemoryWorkspace(
      valeSite('# follow step-by-step instructions\n\nHere is a paragraph.\n\n## Follow Step-by-Step Instructions\n\nAnother paragraph.\n', { Title: title }),
      ROOT,
    );
    const hits = await valeHits(ws);
    assert.deepEqual(
      hits.map((h) => [h.text, h.message]),
      [['follow step-by-step instructions', "'follow step-by-step instructions' should be in title case"]],
    );
    assert.equal(hits[0].finding.fixes![0].title, 'Change to "Follow Step-by-Step Instructions"');
  });

  it('$title leaves small words lower case inside the title, and Chicago prepositions too', async () => {
    assert.deepEqual(await pairs(valeSite('## Connect to the API and Start Sending Notes\n\nText.\n', { Title: title })), []);
    const chicago = title.replace('style: "AP"', 'style: "Chicago"');
    assert.deepEqual(await pairs(valeSite('## Notes From the Field\n\nText.\n', { Title: chicago })), [['Acme.Title', 'Notes From the Field']]);
    assert.deepEqual(await pairs(valeSite('## Notes from the Field\n\nText.\n', { Title: chicago })), []);
  });

  it('$sentence: capital first word, exceptions and the word after an indicator', async () => {
    const body = [
      '## Set up Acme with GitHub Actions',
      '',
      'Text.',
      '',
      '## Step 1: Create a key',
      '',
      'Text.',
      '',
      '## Set Up The Project',
      '',
      'Text.',
      '',
      '## create a key',
      '',
      'Text.',
      '',
    ].join('\n');
    assert.deepEqual(await pairs(valeSite(body, { Headings: sentence })), [
      ['Acme.Headings', 'Set Up The Project'],
      ['Acme.Headings', 'create a key'],
    ]);
  });

  it('scope heading.h2 reads level-2 headings only', async () => {
    const h2 = sentence.replace('scope: "heading"', 'scope: "heading.h2"');
    assert.deepEqual(await pairs(valeSite('## Set Up The Project\n\nText.\n\n### Set Up The Key\n\nText.\n', { Headings: h2 })), [
      ['Acme.Headings', 'Set Up The Project'],
    ]);
  });

  it('$lower, $upper and a pattern', async () => {
    const lower = yml({ extends: 'capitalization', message: "'%s' should be lower case", scope: 'table.header', match: '$lower' });
    assert.deepEqual(await pairs(valeSite('| name | Type |\n| --- | --- |\n| Value | Other |\n', { Lower: lower })), [['Acme.Lower', 'Type']]);
    const pattern = yml({ extends: 'capitalization', message: "'%s' should start with a capital", scope: 'list', match: '^[A-Z]' });
    assert.deepEqual(await pairs(valeSite('- Good item\n- bad item\n', { Items: pattern })), [['Acme.Items', 'bad item']]);
  });
});

describe('vale metric and readability', () => {
  const fk = yml({
    extends: 'metric',
    message: 'Try to keep the Flesch-Kincaid grade level (%s) below 8.',
    formula: '(0.39 * (words / sentences)) + (11.8 * (syllables / words)) - 15.59',
    condition: '> 8.0',
  });
  const plain = 'The cat sat. The dog ran. We ate.\n';
  const dense =
    'Comprehensive organizational documentation necessitates extraordinarily sophisticated methodological considerations, particularly regarding interoperability, accessibility, and internationalization requirements throughout multinational implementations.\n';

  it('a formula over the page’s counts, reported once on the page', async () => {
    const hits = await valeHits(valeSite(dense, { Grade: fk }));
    assert.equal(hits.length, 1);
    assert.match(hits[0].message, /^Try to keep the Flesch-Kincaid grade level \(\d+\.\d\d\) below 8\.$/);
    assert.equal(hits[0].finding.range.start.line, 0);
    assert.deepEqual(await pairs(valeSite(plain, { Grade: fk })), []);
  });

  it('heading counts and math functions', async () => {
    const many = yml({ extends: 'metric', message: 'Too many sections (%s).', formula: 'heading.h2 + heading.h3 + math.sqrt(0)', condition: '>= 3' });
    assert.equal((await valeHits(valeSite('## A\n\nText.\n\n## B\n\nText.\n\n### C\n\nText.\n', { Sections: many }))).length, 1);
    assert.equal((await valeHits(valeSite('## A\n\nText.\n\n## B\n\nText.\n', { Sections: many }))).length, 0);
  });

  it('readability averages its metrics against the grade', async () => {
    const rule = yml({ extends: 'readability', message: 'Grade level (%s) too high!', level: 'warning', grade: 8, metrics: ['Flesch-Kincaid', 'Gunning Fog'] });
    assert.equal((await valeHits(valeSite(dense, { Readability: rule }))).length, 1);
    assert.equal((await valeHits(valeSite(plain, { Readability: rule }))).length, 0);
  });
});

describe('vale spelling', () => {
  it('Vale.Spelling reads the host’s dictionary, the vocabulary and the ignore files', async () => {
    const ini = 'StylesPath = .vale/styles\nVocab = Acme\n\n[*.mdx]\nBasedOnStyles = Vale\n';
    const files = valeSite(
      'I recieve notes, seperate ones, and definately more.\n',
      {},
      {
        ini,
        extra: {
          '.vale/styles/config/vocabularies/Acme/accept.txt': 'seperate\n',
          '.vale/styles/config/ignore/words.txt': 'definately\n',
        },
      },
    );
    const hits = await valeHits(files);
    assert.deepEqual(
      hits.map((h) => [h.rule, h.text, h.severity]),
      [['Vale.Spelling', 'recieve', 'error']],
    );
    assert.deepEqual(
      hits[0].finding.fixes!.map((f) => f.title),
      ['Change to "receive"', 'Change to "relieve"'],
    );
  });

  it('a style’s spelling rule with its own ignore file and filters', async () => {
    const rule = yml({ extends: 'spelling', message: "Did you really mean '%s'?", level: 'warning', ignore: ['acme/ignore.txt'], filters: ['[dD]efinately'] });
    const files = valeSite(
      'I recieve notes, seperate ones, and definately more.\n',
      { Spelling: rule },
      { extra: { '.vale/styles/acme/ignore.txt': 'seperate\n' } },
    );
    assert.deepEqual(await pairs(files), [['Acme.Spelling', 'recieve']]);
  });
});

describe('vale vocabularies', () => {
  const ini = 'StylesPath = .vale/styles\nVocab = Acme\n\n[*.mdx]\nBasedOnStyles = Vale, Acme\n';
  const caps = existence(['[A-Z]{3,}']);

  it('accept.txt: exceptions for every rule, terms in their case (Vale.Terms); reject.txt: Vale.Avoid', async () => {
    const files = valeSite(
      'Use the SDK with MongoDB, not mongodb, the CLI or the JWT. Do not say whitelist.\n',
      { Caps: caps },
      {
        ini,
        extra: {
          '.vale/styles/config/vocabularies/Acme/accept.txt': '# Our terms\nMongoDB\nSDK\n(?i)cli\n',
          '.vale/styles/config/vocabularies/Acme/reject.txt': 'whitelist\n',
        },
      },
    );
    const ws = new MemoryWorkspace(files, ROOT);
    const hits = await valeHits(ws);
    assert.deepEqual(
      hits.map((h) => [h.rule, h.text]),
      [
        ['Vale.Terms', 'mongodb'],
        ['Acme.Caps', 'JWT'],
        ['Vale.Avoid', 'whitelist'],
      ],
    );
    assert.equal(hits[0].message, "Use 'MongoDB' instead of 'mongodb'.");
    applyFix(ws, hits[0].finding.fixes![0]);
    assert.deepEqual(
      (await valeHits(ws)).map((h) => h.text),
      ['JWT', 'whitelist'],
    );
  });

  it('vocab: false leaves a rule without the vocabulary', async () => {
    const files = valeSite(
      'Use the SDK.\n',
      { Caps: existence(['[A-Z]{3,}'], { vocab: false }) },
      { ini, extra: { '.vale/styles/config/vocabularies/Acme/accept.txt': 'SDK\n' } },
    );
    assert.deepEqual(await pairs(files), [['Acme.Caps', 'SDK']]);
  });

  it('a lower-case term capitalised where a sentence starts is not reported by Vale.Terms', async () => {
    const files = valeSite(
      'Popovers open here. `id`: Popover content. The Popover opens.\n',
      {},
      { ini: ini.replace('Vale, Acme', 'Vale'), extra: { '.vale/styles/config/vocabularies/Acme/accept.txt': 'popover\npopovers\n' } },
    );
    assert.deepEqual(await pairs(files), [['Vale.Terms', 'Popover']]);
  });
});

describe('vale levels and switches', () => {
  const rules = {
    Will: yml({ extends: 'existence', message: "Avoid '%s'.", level: 'warning', ignorecase: true, tokens: ['will'] }),
    Simply: yml({ extends: 'existence', message: "Avoid '%s'.", level: 'suggestion', tokens: ['simply'] }),
  };
  const body = 'It will simply work.\n';

  it('MinAlertLevel leaves lower levels out; suggestion is information', async () => {
    assert.deepEqual(
      (await valeHits(valeSite(body, rules))).map((h) => [h.rule, h.severity]),
      [
        ['Acme.Will', 'warning'],
        ['Acme.Simply', 'information'],
      ],
    );
    assert.deepEqual(await pairs(valeSite(body, rules, { ini: 'StylesPath = .vale/styles\nMinAlertLevel = warning\n\n[*.mdx]\nBasedOnStyles = Acme\n' })), [
      ['Acme.Will', 'will'],
    ]);
  });

  it('Style.Rule = NO and = error', async () => {
    const ini = 'StylesPath = .vale/styles\n\n[*.mdx]\nBasedOnStyles = Acme\nAcme.Simply = NO\nAcme.Will = error\n';
    assert.deepEqual(
      (await valeHits(valeSite(body, rules, { ini }))).map((h) => [h.rule, h.severity]),
      [['Acme.Will', 'error']],
    );
  });

  it('the last section matching a file gives its styles (BasedOnStyles = "" for none)', async () => {
    const ini = 'StylesPath = .vale/styles\n\n[*.mdx]\nBasedOnStyles = Acme\n\n[legacy/*.mdx]\nBasedOnStyles = ""\n';
    const old = '---\ntitle: "Old"\ndescription: "An old page."\n---\n\nIt will simply work.\n';
    assert.deepEqual(
      (await valeHits(valeSite(body, rules, { ini, extra: { 'legacy/old.mdx': old } }))).map((h) => [h.rule, h.finding.path]),
      [
        ['Acme.Will', `${ROOT}/example.mdx`],
        ['Acme.Simply', `${ROOT}/example.mdx`],
      ],
    );
  });

  it('[formats] mdx = md lets a [*.md] section apply to .mdx pages', async () => {
    const ini = 'StylesPath = .vale/styles\n\n[formats]\nmdx = md\n\n[*.md]\nBasedOnStyles = Acme\n';
    assert.equal((await valeHits(valeSite(body, rules, { ini }))).length, 2);
  });

  it('comments turn rules off and on: vale off/on, vale Style.Rule = NO', async () => {
    const text = [
      'It will work.',
      '',
      '{/* vale off */}',
      '',
      'It will work.',
      '',
      '{/* vale on */}',
      '',
      '{/* vale Acme.Will = NO */}',
      '',
      'It will simply work.',
      '',
    ].join('\n');
    assert.deepEqual(
      (await valeHits(valeSite(text, rules))).map((h) => [h.rule, h.finding.range.start.line]),
      [
        ['Acme.Will', 5],
        ['Acme.Simply', 15],
      ],
    );
  });

  it('.docwright.json and docwright comments name the Vale rule; "vale": "off" turns them all off', async () => {
    const withConfig = (config: unknown) => valeSite(body, rules, { extra: { '.docwright.json': JSON.stringify(config) } });
    assert.deepEqual(
      (await valeHits(withConfig({ rules: { 'Acme.Will': 'off', 'Acme.Simply': 'error' } }))).map((h) => [h.rule, h.severity]),
      [['Acme.Simply', 'error']],
    );
    assert.deepEqual(await valeHits(withConfig({ rules: { vale: 'off' } })), []);
    assert.deepEqual(await pairs(valeSite(`{/* docwright-disable-next-line Acme.Will */}\n${body}`, rules)), [['Acme.Simply', 'simply']]);
  });

  it('IgnoredScopes = a leaves link text out; TokenIgnores hide what they match', async () => {
    const ini = 'StylesPath = .vale/styles\nIgnoredScopes = code, a\n\n[*.mdx]\nBasedOnStyles = Acme\nTokenIgnores = (\\$[a-z]+)\n';
    const rule = existence(['will', 'simply', 'price'], { ignorecase: true, nonword: true });
    assert.deepEqual(await pairs(valeSite('It [will work](/x). Simply $price it.\n', { Words: rule }, { ini })), [['Acme.Words', 'Simply']]);
  });

  it('scopes: sentence, paragraph, list, ~ negation and raw', async () => {
    const semicolon = yml({ extends: 'existence', message: 'Semicolon.', nonword: true, scope: 'sentence', tokens: [';'] });
    assert.deepEqual(await pairs(valeSite('One; two.\n\n- Three; four.\n', { Semi: semicolon })), [['Acme.Semi', ';']]);
    const notList = yml({ extends: 'existence', message: 'No.', scope: 'text & ~list', tokens: ['simply'] });
    assert.deepEqual(
      (await valeHits(valeSite('It simply works.\n\n- It simply works.\n', { NotList: notList }))).map((h) => h.finding.range.start.line),
      [5],
    );
    // A list of scopes is any of them.
    const either = yml({ extends: 'existence', message: 'No.', scope: ['heading', 'list'], tokens: ['simply'] });
    assert.deepEqual(
      (await valeHits(valeSite('## Simply\n\nIt simply works.\n\n- It simply works.\n', { Either: either }))).map((h) => h.finding.range.start.line),
      [9],
    );
    const raw = yml({ extends: 'existence', message: 'Raw HTML comment.', nonword: true, scope: 'raw', tokens: ['\\{/\\*'] });
    assert.deepEqual(await pairs(valeSite('Text {/* a note */} here.\n', { Raw: raw })), [['Acme.Raw', '{/*']]);
    // summary: paragraphs, list items and block quotes read as one text, each match placed in the source.
    const summary = yml({ extends: 'existence', message: 'No.', scope: 'summary', tokens: ['simply'] });
    const hits = await valeHits(valeSite('## Simply\n\nOne.\n\nIt simply works.\n\n- Then simply run it.\n\n> Quote simply.\n', { Summary: summary }));
    assert.deepEqual(
      hits.map((h) => [h.text, h.finding.range.start.line, h.finding.range.start.character]),
      [
        ['simply', 9, 3],
        ['simply', 11, 7],
        ['simply', 13, 8],
      ],
    );
  });

  it('front matter: each field is text.frontmatter.<key>, one text with no sentences or paragraphs, left out by IgnoredScopes', async () => {
    const frontmatter = '---\ntitle: "Simply the title"\nsidebarTitle: "Simply"\ndescription: "Simply put; a description."\n---\n\n';
    const body = 'It simply works; it does.\n';
    const rule = (scope: string | string[], tokens = ['simply']) =>
      yml({ extends: 'existence', message: 'No.', ignorecase: true, nonword: true, scope, tokens });
    const lines = async (r: string, ini?: string) =>
      (await valeHits(valeSite(body, { R: r }, { frontmatter, ini }))).map((h) => `${h.finding.range.start.line}:${h.text}`);
    assert.deepEqual(await lines(rule('text')), ['1:Simply', '2:Simply', '3:Simply', '6:simply']);
    assert.deepEqual(await lines(rule('sentence', [';'])), ['6:;'], 'a sentence rule never reads front matter');
    assert.deepEqual(await lines(rule('paragraph')), ['6:simply']);
    assert.deepEqual(await lines(rule('title')), ['1:Simply'], 'text.frontmatter.title is in scope title; sidebarTitle is not');
    assert.deepEqual(await lines(rule('frontmatter.description')), ['3:Simply']);
    assert.deepEqual(await lines(rule('text'), 'StylesPath = .vale/styles\nIgnoredScopes = code, frontmatter\n\n[*.mdx]\nBasedOnStyles = Acme\n'), [
      '6:simply',
    ]);
  });

  it('limit caps a rule’s findings on a page', async () => {
    const rule = existence(['will'], { limit: 2 });
    assert.equal((await valeHits(valeSite('It will, will, will work.\n', { Will: rule }))).length, 2);
  });
});

// Twins of the false findings the format's own docs site showed, each fixed at its cause.
describe('vale: false classes found on the format’s docs', () => {
  const ini = 'StylesPath = .vale/styles\n\n[*.mdx]\nBasedOnStyles = Vale, Acme\n';

  it('an inline element without text (<Icon />) is a placeholder, not a gap that doubles a space', async () => {
    const spacing = yml({ extends: 'existence', message: "'%s' should have one space.", nonword: true, tokens: ['[a-z][.?!] {2,}[A-Z]', '[a-z][.?!][A-Z]'] });
    assert.deepEqual(await pairs(valeSite('It ends a heading. <Icon icon="flag" /> Use icons.\n', { Spacing: spacing })), []);
    assert.deepEqual(await pairs(valeSite('It ends a heading.  Use icons.\n', { Spacing: spacing })), [['Acme.Spacing', 'g.  U']]);
  });

  it('an element’s tags part the words beside them (example<sub>n</sub>)', async () => {
    const files = valeSite('Write example<sub>n</sub> for a subscript, or recieve<sup>2</sup>.\n', {}, { ini, extra: { '.vale/styles/Acme/.keep.yml': '' } });
    assert.deepEqual(
      (await pairs(files)).filter(([r]) => r === 'Vale.Spelling'),
      [['Vale.Spelling', 'recieve']],
    );
  });

  it('a word glued to what TokenIgnores hides is not spelled (Docs.com|mand)', async () => {
    const withIgnores = `${ini}TokenIgnores = ([\\w-]+\\.)+(?:com|dev)\n`;
    const files = valeSite('Double-click **Start Docs.command** to recieve it.\n', {}, { ini: withIgnores, extra: { '.vale/styles/Acme/.keep.yml': '' } });
    assert.deepEqual(
      (await pairs(files)).filter(([r]) => r === 'Vale.Spelling'),
      [['Vale.Spelling', 'recieve']],
    );
  });

  it('a sentence-scoped rule does not read the front matter description (Vale lints a field as one text, not as sentences)', async () => {
    const semicolons = yml({
      extends: 'existence',
      message: 'Use semicolons judiciously.',
      nonword: true,
      scope: 'sentence',
      level: 'suggestion',
      tokens: [';'],
    });
    const frontmatter = '---\ntitle: "Automations"\ndescription: "Configure triggers; context repos; and automerge."\n---\n\n';
    assert.deepEqual(await pairs(valeSite('Configure triggers; then save.\n', { Semicolons: semicolons }, { frontmatter })), [['Acme.Semicolons', ';']]);
    assert.deepEqual(await pairs(valeSite('Configure triggers, then save.\n', { Semicolons: semicolons }, { frontmatter })), []);
  });

  it('a match inside an accepted phrase of several words is no finding (Vale: git add, VS Code)', async () => {
    const vocab = { '.vale/styles/config/vocabularies/Acme/accept.txt': '(?i)git (clone|add|commit)\nVS Code\n' };
    const ini = 'StylesPath = .vale/styles\nVocab = Acme\n\n[*.mdx]\nBasedOnStyles = Acme\n';
    const words = existence(['add', 'code'], { ignorecase: true });
    assert.deepEqual(await pairs(valeSite('Run git add, then open VS Code to add code.\n', { Words: words }, { ini, extra: vocab })), [
      ['Acme.Words', 'add'],
      ['Acme.Words', 'code'],
    ]);
  });

  it('vocabulary words are exceptions to word rules, not to nonword ones (a nonword match may only contain one)', async () => {
    const vocab = { '.vale/styles/config/vocabularies/Acme/accept.txt': 'Plugh\n' };
    const ini = 'StylesPath = .vale/styles\nVocab = Acme\n\n[*.mdx]\nBasedOnStyles = Acme\n';
    const quotes = yml({ extends: 'existence', message: 'Commas and periods go inside quotation marks.', nonword: true, tokens: ['"[^"]+"[.,]'] });
    const caps = existence(['[A-Z][a-z]+gh']);
    assert.deepEqual(await pairs(valeSite('Name it "Plugh", then Plugh and Laugh.\n', { Quotes: quotes, Caps: caps }, { ini, extra: vocab })), [
      ['Acme.Quotes', '"Plugh",'],
      ['Acme.Caps', 'Laugh'],
    ]);
  });

  it('$sentence keeps a word the page capitalises within its sentences (a name: Worker, GitHub App)', async () => {
    const sentence = yml({ extends: 'capitalization', message: "'%s' should use sentence-style capitalization.", scope: 'heading', match: '$sentence' });
    assert.deepEqual(await pairs(valeSite('## Set up a Worker\n\nDeploy the Worker with one command.\n', { Headings: sentence })), []);
    assert.deepEqual(await pairs(valeSite('## Set up a Worker\n\nDeploy the worker with one command. Worker runs start fast.\n', { Headings: sentence })), [
      ['Acme.Headings', 'Set up a Worker'],
    ]);
  });

  it('a table header is a label, not a sentence: its capitals are no names', async () => {
    const header = yml({ extends: 'capitalization', message: "'%s' should use sentence-style capitalization.", scope: 'table.header', match: '$sentence' });
    const table = '| Field Name | Value type |\n| --- | --- |\n| Worker | one |\n';
    assert.deepEqual(await pairs(valeSite(table, { Headers: header })), [['Acme.Headers', 'Field Name']]);
    const heading = yml({ extends: 'capitalization', message: "'%s' should use sentence-style capitalization.", scope: 'heading', match: '$sentence' });
    assert.deepEqual(await pairs(valeSite(`## Set the Field Name\n\n${table}`, { Headings: heading })), [['Acme.Headings', 'Set the Field Name']]);
  });
});

describe('vale on snippets', () => {
  const will = existence(['will'], { ignorecase: true });
  const body =
    'import Prereq from "/snippets/prereq.mdx";\nimport Shared from "/parts/shared.mdx";\nimport Table from "/snippets/table.mdx";\n\n<Prereq />\n\n<Shared />\n\n<Table />\n';
  const files = valeSite(
    body,
    { Will: will },
    {
      // As the format's docs do for a generated snippet: a section leaves it out.
      ini: `${INI}\n[snippets/table.mdx]\nBasedOnStyles = ""\n`,
      extra: {
        'snippets/prereq.mdx': 'The CLI will ask for a token.\n',
        'parts/shared.mdx': '## It will work\n',
        'snippets/table.mdx': 'This will be generated.\n',
      },
    },
  );

  it('snippet files and pages only ever imported are checked as Vale checks every Markdown file, sections included', async () => {
    const project = new Project(new MemoryWorkspace(files, ROOT), [ROOT]);
    await project.scan();
    const found = (await checkProject(project, ROOT, { speller: TEST_SPELLER })).filter((f) => f.ruleId === 'Acme.Will');
    assert.deepEqual(
      found.map((f) => `${f.path.slice(ROOT.length + 1)}:${f.range.start.line + 1}`),
      ['parts/shared.mdx:1', 'snippets/prereq.mdx:1'],
    );
    // The editor's check of the open snippet alone gives the same.
    const one = await project.checkPage(ROOT, `${ROOT}/snippets/prereq.mdx`);
    assert.deepEqual(
      one.filter((f) => f.ruleId === 'Acme.Will').map((f) => f.message),
      [found[1].message],
    );
  });
});

describe('vale on a page checked again (its unchanged texts keep their alerts)', () => {
  const rules = {
    Hedging: existence(['arguably'], { ignorecase: true }),
    Spelling: yml({ extends: 'consistency', message: "Inconsistent spelling of '%s'.", level: 'error', ignorecase: true, either: { advisor: 'adviser' } }),
  };
  const ini = 'StylesPath = .vale/styles\nMinAlertLevel = suggestion\n\n[*.mdx]\nBasedOnStyles = Acme, Vale\n';
  // The last text stays as it is while what consistency says of it changes with the first text.
  const first = 'Arguably, ask the adviser.\n\nI recieve notes.\n\nAsk an advisor.\n';
  const second = 'Ask a seperate advisor.\n\nI recieve notes.\n\nAsk an advisor.\n';
  const everyWord: Speller = { knows: () => true, suggest: () => [] };
  const steps: { body: string; words?: string[]; speller?: Speller; rules: string[] }[] = [
    { body: first, rules: ['Acme.Hedging', 'Vale.Spelling', 'Acme.Spelling'] },
    { body: first, rules: ['Acme.Hedging', 'Vale.Spelling', 'Acme.Spelling'] },
    { body: second, rules: ['Vale.Spelling', 'Vale.Spelling'] },
    { body: first, rules: ['Acme.Hedging', 'Vale.Spelling', 'Acme.Spelling'] },
    // Another dictionary changes what the spelling rules say of the texts they read before, and so do the site's words.
    { body: second, rules: ['Vale.Spelling', 'Vale.Spelling'] },
    { body: second, speller: everyWord, rules: [] },
    { body: first, words: ['recieve'], rules: ['Acme.Hedging', 'Acme.Spelling'] },
  ];
  const filesOf = (step: (typeof steps)[number]) => {
    const files = valeSite(step.body, rules, { ini });
    if (step.words) files['.docwright.json'] = JSON.stringify({ words: step.words });
    return files;
  };
  const located = (list: Finding[]) => list.filter((f) => f.ruleId.includes('.')).map((f) => [f.ruleId, f.range, f.message]);

  it('gives what a first check of the same text gives, edit after edit, and follows the site’s words', async () => {
    // First checks of each step's site, each on its own.
    const expected: unknown[] = [];
    for (const step of steps) expected.push(located((await valeHits(filesOf(step), { speller: step.speller ?? TEST_SPELLER })).map((h) => h.finding)));
    const ws = new MemoryWorkspace(filesOf(steps[0]), ROOT);
    const project = new Project(ws, [ROOT]);
    await project.scan();
    const page = `${ROOT}/example.mdx`;
    for (const [i, step] of steps.entries()) {
      for (const [rel, text] of Object.entries(filesOf(step))) {
        const p = `${ROOT}/${rel}`;
        if (ws.files.get(p) === text) continue;
        const created = !ws.files.has(p);
        ws.files.set(p, text);
        if (created) project.filesChanged([p], []);
        else project.contentChanged(p);
      }
      const found = located(await project.checkPage(ROOT, page, { speller: step.speller ?? TEST_SPELLER }));
      assert.deepEqual(found, expected[i], `step ${i + 1}`);
      assert.deepEqual(
        found.map(([id]) => id),
        step.rules,
        `step ${i + 1}`,
      );
    }
  });
});

describe('vale messages', () => {
  it('quote code inside a match as written, not as the placeholder the rules read', async () => {
    const rule = yml({
      extends: 'existence',
      message: "Use the Oxford comma in '%s'.",
      level: 'suggestion',
      nonword: true,
      tokens: ['(?:[^,]+,){1,}\\s\\w+\\s(?:and|or)'],
    });
    const hits = await valeHits(valeSite('Setting `og:image` in meta tags, globally or per page, replaces the preview.\n', { OxfordComma: rule }));
    assert.deepEqual(
      hits.map((h) => [h.text, h.message]),
      [['Setting `og:image` in meta tags, globally or', "Use the Oxford comma in 'Setting `og:image` in meta tags, globally or'."]],
    );
  });
});
