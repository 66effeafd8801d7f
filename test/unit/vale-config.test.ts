// The site's Vale setup as read: `.vale.ini` and the rule files, what is wrong with them said on the
// line at fault (never a crash), what is not run said once, Go patterns in JavaScript, patterns
// that could run without end refused or stopped, section globs, the setup found above the site,
// reloaded when its files change and loaded alike by worker threads; a site without it unchanged.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { checkAll } from '../../server/src/check';
import { compileVale } from '../../server/src/rules/vale/regex';
import { valeGlob } from '../../server/src/rules/vale/glob';
import { evaluate } from '../../server/src/rules/vale/metric';
import { sentenceSpans } from '../../server/src/rules/prose';
import { readValeIni, valeList } from '../../server/src/site/vale';
import { loadSite } from '../../server/src/site/site';
import { checkSiteFiles, inputsWorkspace, readSiteTexts } from '../../server/src/node/check-run';
import { Project } from '../../server/src/project';
import { MemoryWorkspace } from '../../server/src/workspace';
import { indexFrom, ROOT, TEST_SPELLER } from '../helpers';
import { pairs, valeHits, valeSite, yml } from '../vale-helpers';

const will = yml({ extends: 'existence', message: "Avoid '%s'.", ignorecase: true, tokens: ['will'] });

/** The vale-config and vale-unsupported findings: [rule, file (site-relative), 1-based line, message]. */
async function problems(files: Record<string, string>): Promise<[string, string, number, string][]> {
  return (await valeHits(files))
    .filter((h) => h.rule === 'vale-config' || h.rule === 'vale-unsupported')
    .map((h) => [h.rule, h.finding.path.slice(ROOT.length + 1), h.finding.range.start.line + 1, h.message]);
}

describe('vale: a setup that cannot be used is said, never a crash', () => {
  it('.vale.ini: a bad level, a setting in the wrong place, a missing style, Packages', async () => {
    const ini = [
      'StylesPath = .vale/styles',
      'MinAlertLevel = loud',
      'Packages = Google',
      'BasedOnStyles = Acme',
      '',
      '[*.mdx]',
      'BasedOnStyles = Acme, Missing',
      'Vocab = Acme',
      '',
    ].join('\n');
    const found = await problems(valeSite('It will work.\n', { Will: will }, { ini }));
    assert.deepEqual(
      found.map(([rule, file, line]) => [rule, file, line]),
      [
        ['vale-config', '.vale.ini', 2],
        ['vale-unsupported', '.vale.ini', 3],
        ['vale-config', '.vale.ini', 4],
        ['vale-config', '.vale.ini', 7],
        ['vale-config', '.vale.ini', 8],
      ],
    );
    const messages = found.map(([, , , m]) => m).join('\n');
    assert.match(messages, /MinAlertLevel must be 'suggestion', 'warning' or 'error', not 'loud'/);
    assert.match(messages, /Style 'Missing' has no rules/);
    assert.match(messages, /'Vocab' is a core setting/);
    assert.match(messages, /Packages are not downloaded/);
    // The rules that can be read still run.
    assert.deepEqual(await pairs(valeSite('It will work.\n', { Will: will }, { ini })).then((p) => p.filter(([r]) => r.startsWith('Acme.'))), [
      ['Acme.Will', 'will'],
    ]);
  });

  it('rule files: not YAML, no extends, an unknown type, a bad level, scope, key or pattern', async () => {
    const rules = {
      Broken: 'extends: existence\nmessage: [unclosed\n',
      NoType: 'message: "No type."\ntokens:\n  - a\n',
      Unknown: yml({ extends: 'grammar', message: 'x' }),
      Level: yml({ extends: 'existence', message: 'x', level: 'fatal', tokens: ['a'] }),
      Scope: yml({ extends: 'existence', message: 'x', scope: 'bold', tokens: ['a'] }),
      Inline: yml({ extends: 'existence', message: 'x', scope: 'code', tokens: ['a'] }),
      Key: yml({ extends: 'existence', message: "Avoid '%s'.", tokenz: ['x'], tokens: ['simply'] }),
      Pattern: yml({ extends: 'existence', message: 'x', tokens: ['(unclosed'] }),
      Formula: yml({ extends: 'metric', message: 'x', formula: 'words / nouns', condition: '> 1' }),
      List: 'extends: existence\nmessage: x\ntokens:\n  - nested: map\n',
      Scalar: 'just a string\n',
    };
    const found = await problems(valeSite('It will simply work.\n', rules));
    const byFile = new Map(found.map(([, file, line, message]) => [file.replace('.vale/styles/Acme/', ''), [line, message] as const]));
    assert.match(byFile.get('Broken.yml')![1], /Acme\.Broken is not used: its YAML does not parse/);
    assert.match(byFile.get('NoType.yml')![1], /no 'extends'/);
    assert.match(byFile.get('Unknown.yml')![1], /'grammar' is not a rule type/);
    assert.deepEqual(byFile.get('Level.yml'), [3, "Acme.Level is not used: 'level' must be suggestion, warning or error."]);
    assert.match(byFile.get('Scope.yml')![1], /'bold' is not a scope/);
    assert.match(byFile.get('Inline.yml')![1], /scope 'code' is no longer supported by Vale; use 'raw'/);
    assert.deepEqual(byFile.get('Key.yml'), [3, "Acme.Key: 'tokenz' is not a key of existence rules; it is ignored."]);
    assert.match(byFile.get('Pattern.yml')![1], /the pattern of 'tokens' is not used: missing '\)'/);
    assert.match(byFile.get('Formula.yml')![1], /'formula' is not read: unknown variable 'nouns'/);
    assert.match(byFile.get('List.yml')![1], /'tokens' must be a list of strings/);
    assert.match(byFile.get('Scalar.yml')![1], /a rule is a YAML mapping/);
    // The rule with an unknown key still runs.
    assert.deepEqual(
      (await pairs(valeSite('It will simply work.\n', rules))).filter(([r]) => r.startsWith('Acme.')),
      [['Acme.Key', 'simply']],
    );
  });

  it('sequence and script rules: said once each, on their file, as not supported', async () => {
    const rules = {
      Adverbs: 'extends: sequence\nmessage: "Avoid adverbs."\ntokens:\n  - tag: RB\n',
      Script: 'extends: script\nmessage: "Script."\nscript: |\n  matches := []\n',
    };
    const files = valeSite('It will work.\n\nAnother page paragraph.\n', rules, {
      extra: { 'second.mdx': '---\ntitle: "Second"\ndescription: "Second page."\n---\n\nText.\n' },
    });
    const found = await problems(files);
    assert.deepEqual(
      found.map(([rule, file, line]) => [rule, file, line]),
      [
        ['vale-unsupported', '.vale/styles/Acme/Adverbs.yml', 1],
        ['vale-unsupported', '.vale/styles/Acme/Script.yml', 1],
      ],
    );
    assert.match(found[0][3], /sequence rules need part-of-speech tagging.*not supported/);
  });

  it('a vocabulary entry JavaScript cannot read is left out, on its line', async () => {
    const ini = 'StylesPath = .vale/styles\nVocab = Acme\n\n[*.mdx]\nBasedOnStyles = Acme\n';
    const found = await problems(
      valeSite('It will work.\n', { Will: will }, { ini, extra: { '.vale/styles/config/vocabularies/Acme/accept.txt': 'Acme\n(?<bad\nSDK\n' } }),
    );
    assert.deepEqual(
      found.map(([rule, file, line]) => [rule, file, line]),
      [['vale-config', '.vale/styles/config/vocabularies/Acme/accept.txt', 2]],
    );
  });

  it('a StylesPath outside the repository is not read', async () => {
    const ini = 'StylesPath = ../../elsewhere\n\n[*.mdx]\nBasedOnStyles = Acme\n';
    const found = await problems(valeSite('It will work.\n', {}, { ini }));
    assert.match(found.map(([, , , m]) => m).join('\n'), /StylesPath '..\/..\/elsewhere' is outside the repository/);
  });
});

describe('vale: patterns that could run without end', () => {
  it('a nested quantifier without a separator is refused; one with a separator runs', async () => {
    const rules = {
      Nested: yml({ extends: 'existence', message: 'x', nonword: true, tokens: ['(a+)+$'] }),
      Spaces: yml({ extends: 'existence', message: 'x', nonword: true, tokens: ['(\\w+\\s?)*!'] }),
      Oxford: yml({ extends: 'existence', message: "Use the Oxford comma in '%s'.", scope: 'sentence', tokens: ['(?:[^,]+,){1,}\\s\\w+\\s(?:and|or)'] }),
    };
    const started = Date.now();
    const hits = await valeHits(valeSite(`${'a'.repeat(40)}b. Pick red, green and blue.\n`, rules));
    assert.ok(Date.now() - started < 20_000);
    const found = hits.map((h) => [h.rule, h.rule.startsWith('vale') ? h.message.replace(/:.*$/, '') : h.text]);
    assert.deepEqual(found, [
      ['vale-config', 'Acme.Nested is not used'],
      ['vale-config', 'Acme.Spaces is not used'],
      ['Acme.Oxford', 'Pick red, green and'],
    ]);
    assert.match(hits[0].message, /can take exponential time/);
  });

  it('a pattern that is slow though not refused is stopped by the time limit, the page’s other rules kept', async () => {
    const rules = {
      Slow: yml({ extends: 'existence', message: 'x', nonword: true, tokens: ['\\w*\\w*\\w*\\w*\\w*\\w*\\w*\\w*y'] }),
      Will: will,
    };
    const hits = await valeHits(valeSite(`It will work. ${'a'.repeat(400)}\n`, rules));
    assert.deepEqual(
      hits.map((h) => [h.rule, h.rule === 'vale' ? h.message.replace(/ ran longer.*$/, '') : h.text]),
      [
        ['vale', 'Acme.Slow'],
        ['Acme.Will', 'will'],
      ],
    );
  });
});

describe('vale: Go patterns in JavaScript', () => {
  const matches = (source: string, text: string, options = {}) => {
    const r = compileVale(source, options);
    if ('error' in r) throw new Error(r.error);
    return [...text.matchAll(r.regex)].map((m) => m[0]);
  };

  it('flags: a leading (?i) and (?m), scoped (?i:...) and (?-i), carried across alternatives', () => {
    assert.deepEqual(matches('(?i)(?m)^will', 'Will\nwill\nx will'), ['Will', 'will']);
    assert.deepEqual(matches('(?:(?-i)API|(?i)sdk|cli)', 'api API Sdk SDK Cli', { ignoreCase: true }), ['API', 'Sdk', 'SDK', 'Cli']);
    assert.deepEqual(matches('a(?i:b)c', 'abc aBc ABC'), ['abc', 'aBc']);
    assert.deepEqual(matches('(?s)a.b', 'a\nb'), ['a\nb']);
    assert.deepEqual(matches('a.b', 'a\nb'), []);
  });

  it('$ is the end of the text without (?m); \\A, \\z, (?P<name>), \\Q...\\E, POSIX classes, \\pL', () => {
    assert.deepEqual(matches('b$', 'ab\nab'), ['b']);
    assert.deepEqual(matches('\\Aab', 'ab ab'), ['ab']);
    assert.deepEqual(matches('ab\\z', 'ab ab'), ['ab']);
    assert.deepEqual(matches('(?P<word>\\w+)!', 'hey!'), ['hey!']);
    assert.deepEqual(matches('\\Qa.b\\E', 'axb a.b'), ['a.b']);
    assert.deepEqual(matches('[[:upper:]][[:digit:]]', 'a1 B2'), ['B2']);
    assert.deepEqual(matches('\\pL+', 'café 42'), ['café']);
    assert.deepEqual(matches('x{,2}', 'x{,2}'), ['x{,2}'], 'Go reads {,n} as text');
  });

  it('what JavaScript has no form for is refused with the reason', () => {
    assert.match((compileVale('(?>a)') as { error: string }).error, /atomic groups/);
    assert.match((compileVale('(?U)a+') as { error: string }).error, /ungreedy/);
    assert.match((compileVale('a*+') as { error: string }).error, /possessive/);
    assert.match((compileVale('(a|aa)+$') as { error: string }).error, /exponential/);
  });
});

describe('vale: the rest of the reading', () => {
  it('.vale.ini: continuation lines, inline comments, quotes, repeated keys', () => {
    const ini = readValeIni(
      'StylesPath = styles # where\nVocab = A, \\\n  B\nVocab = C\n\n[*.mdx]\nBasedOnStyles = ""\nTokenIgnores = \\d{1\\,2}, x\n',
      '/r/.vale.ini',
    );
    assert.equal(ini.core.get('StylesPath')![0].value, 'styles');
    assert.deepEqual(
      valeList(ini.core.get('Vocab')).map((e) => e.value),
      ['A', 'B', 'C'],
    );
    assert.equal(ini.sections[0].entries.get('BasedOnStyles')![0].value, '');
    assert.deepEqual(
      valeList(ini.sections[0].entries.get('TokenIgnores')).map((e) => e.value),
      ['\\d{1,2}', 'x'],
    );
  });

  it('globs: * spans folders unless the glob has **, {a,b}, [!x], negation', () => {
    const t = (glob: string, path: string) => valeGlob(glob)!(path);
    assert.ok(t('*.mdx', 'guides/setup.mdx'));
    assert.ok(!t('*.md', 'guides/setup.mdx'));
    assert.ok(t('*.{md,mdx}', 'a.md'));
    assert.ok(t('**/es/**', 'es/intro.mdx'));
    assert.ok(t('**/es/**', 'docs/es/intro.mdx'));
    assert.ok(!t('**/es/**', 'docs/best/intro.mdx'));
    assert.ok(t('components/{color,tree}.mdx', 'components/tree.mdx'));
    assert.ok(t('[!a]*.mdx', 'b.mdx') && !t('[!a]*.mdx', 'a.mdx'));
    assert.ok(t('!legacy/*', 'guides/a.mdx') && !t('!legacy/*', 'legacy/a.mdx'));
  });

  it('metric expressions: precedence, comparisons, math functions, errors', () => {
    assert.equal(evaluate('1 + 2 * 3 - 4 / 2', {}), 5);
    assert.equal(evaluate('math.sqrt(words) > 2 && sentences == 2', { words: 9, sentences: 2 }), true);
    assert.throws(() => evaluate('words +', { words: 1 }), /ends too soon/);
    assert.throws(() => evaluate('nouns', {}), /unknown variable 'nouns'/);
  });

  it('sentences end at . ! ? before a capital, not at abbreviations or initials', () => {
    const text = 'Use it, e.g. Now. Call J. Smith. Done! Next? yes. Last';
    assert.deepEqual(
      sentenceSpans(text).map(([s, e]) => text.slice(s, e)),
      ['Use it, e.g. Now.', 'Call J. Smith.', 'Done!', 'Next? yes.', 'Last'],
    );
  });

  it('.vale.ini in the repository root above the site is found; not above the repository', async () => {
    const ws = new MemoryWorkspace({}, '/');
    const page = '---\ntitle: "Notes"\ndescription: "Notes page."\n---\n\nIt will work.\n';
    ws.files.set('/repo/.git/HEAD', 'ref: refs/heads/main\n');
    ws.files.set('/repo/.vale.ini', 'StylesPath = styles\n\n[*.mdx]\nBasedOnStyles = Acme\n');
    ws.files.set('/repo/styles/Acme/Will.yml', will);
    ws.files.set('/repo/docs/docs.json', JSON.stringify({ name: 'Acme', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'G', pages: ['example'] }] }));
    ws.files.set('/repo/docs/example.mdx', page);
    const site = await loadSite(ws, '/repo/docs');
    assert.equal(site?.vale?.path, '/repo/.vale.ini');
    // Above the repository's root, nothing is read.
    ws.files.set('/.vale.ini', 'StylesPath = styles\n');
    ws.files.delete('/repo/.vale.ini');
    assert.equal((await loadSite(ws, '/repo/docs'))?.vale, undefined);
  });

  it('a worker thread loads the same setup from what the main thread read and listed', async () => {
    const ws = new MemoryWorkspace(valeSite('It will work.\n', { Will: will }), ROOT);
    const site = (await loadSite(ws, ROOT))!;
    const files = await ws.listFiles(ROOT);
    const again = (await loadSite(inputsWorkspace(site.inputs!, files), ROOT, { files }))!;
    assert.deepEqual(
      again.vale?.rules.map((r) => r.name),
      ['Acme.Will'],
    );
    assert.deepEqual(again.vale?.sources, site.vale?.sources);
  });

  it('the threaded check (worker threads) gives the same Vale findings as one thread', async () => {
    const extra: Record<string, string> = {};
    for (let i = 0; i < 6; i++) extra[`p${i}.mdx`] = `---\ntitle: "Page ${i}"\ndescription: "Page ${i}."\n---\n\nIt will work ${i}.\n`;
    const files = valeSite('It will work.\n', { Will: will }, { extra });
    const ws = new MemoryWorkspace(files, ROOT);
    const site = (await loadSite(ws, ROOT))!;
    const texts = await readSiteTexts(site, (p) => ws.readFile(p));
    const vale = (f: { ruleId: string }[]) => f.filter((x) => x.ruleId.startsWith('Acme.'));
    const one = await checkSiteFiles(site, texts, { threads: 1 });
    const three = await checkSiteFiles(site, texts, { threads: 3, threadsFrom: 1 });
    assert.equal(three.workers, 2);
    assert.equal(vale(one.findings).length, 7);
    assert.deepEqual(vale(three.findings), vale(one.findings));
  });

  it('a change to a rule file, or a rule file added, reloads the site', async () => {
    const ws = new MemoryWorkspace(valeSite('It will simply work.\n', { Will: will }), ROOT);
    const project = new Project(ws, [ROOT]);
    await project.scan();
    const hits = async () => {
      const sources = await project.sources(ROOT);
      return checkAll(sources!.index, { speller: TEST_SPELLER }, sources!.snippets)
        .filter((f) => f.ruleId.startsWith('Acme.'))
        .map((f) => f.ruleId);
    };
    assert.deepEqual(await hits(), ['Acme.Will']);
    ws.files.set(`${ROOT}/.vale/styles/Acme/Will.yml`, will.replace('will', 'simply'));
    project.contentChanged(`${ROOT}/.vale/styles/Acme/Will.yml`);
    assert.deepEqual(await hits(), ['Acme.Will']);
    const simply = `${ROOT}/.vale/styles/Acme/Simply.yml`;
    ws.files.set(simply, will);
    project.filesChanged([simply], []);
    assert.deepEqual((await hits()).sort(), ['Acme.Simply', 'Acme.Will']);
  });
});

describe('vale: a site without .vale.ini sees no change', () => {
  const starter = nodePath.join(__dirname, '..', '..', 'examples', 'starter');
  const read = (dir: string, out: Record<string, string> = {}, rel = ''): Record<string, string> => {
    for (const name of readdirSync(dir)) {
      const abs = nodePath.join(dir, name);
      if (statSync(abs).isDirectory()) read(abs, out, `${rel}${name}/`);
      else out[`${rel}${name}`] = readFileSync(abs, 'utf8');
    }
    return out;
  };

  it('the example site: no setup, and the same findings with the Vale rules off', async () => {
    const { index } = await indexFrom(read(starter));
    assert.equal(index.site.vale, undefined);
    const all = checkAll(index, { speller: TEST_SPELLER });
    const without = checkAll(index, { speller: TEST_SPELLER, rules: { vale: 'off', 'vale-config': 'off', 'vale-unsupported': 'off' } });
    assert.deepEqual(all, without);
  });
});
