// The build's table of converted grammar expressions: highlighting with it gives exactly Shiki's own
// tokens, and it holds every expression the engine asks for except the per-match `end` expressions.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { test } from 'node:test';
import { createCssVariablesTheme, createHighlighterCoreSync, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { GRAMMARS } from '../../server/src/render/highlight';
import { buildRegexTable, enginePatterns, regexConstructor, type RegexDetails } from '../../server/src/render/regex-table';
import { readRegexTable, REGEX_TABLE_FILE } from '../../server/src/node/regex-table-file';

const SAMPLES: Record<string, string> = {
  bash: 'for f in *.md; do\n  echo "${f%.md}" | tr a-z A-Z  # upper\ndone\ncat <<EOF\nhello $USER\nEOF\n',
  c: '#include <stdio.h>\nint main(void) { printf("%d\\n", 42); return 0; }\n',
  csharp: 'public record Point(int X, int Y);\nvar p = new Point(1, 2) with { Y = 3 };\n$"{p.X}"\n',
  css: '@media (min-width: 40em) { .a > b::before { content: "x"; color: #fff !important; } }\n',
  diff: '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n',
  dockerfile: 'FROM node:20 AS build\nRUN npm ci && \\\n    npm run build\nCMD ["node", "dist/cli.js"]\n',
  go: 'package main\nimport "fmt"\nfunc main() { s := []int{1}; for i, v := range s { fmt.Println(i, v) } }\n',
  graphql: 'query Q($id: ID!) { user(id: $id) { ...F @include(if: true) } }\nfragment F on User { name }\n',
  html: '<!doctype html>\n<style>a { color: red }</style>\n<script>const x = `t${1}`;</script>\n<a href="/x" onclick="go()">x</a>\n',
  http: 'POST /v1/items HTTP/1.1\nContent-Type: application/json\n\n{"a": 1}\n',
  ini: '[section]\nkey = value ; comment\n',
  java: '@Override\npublic <T extends Comparable<T>> T max(List<? super T> xs) { return xs.get(0); }\n',
  javascript: 'const re = /a(?<n>b)\\1/gu;\nexport default async function* f({ a = 1 } = {}) { yield* [a?.b ?? 2]; }\n',
  json: '{"a": [1, 2.5e3, true, null], "b": {"c": "d\\u0041"}}\n',
  jsonc: '// comment\n{"a": 1, /* c */ "b": [2,],}\n',
  jsx: 'const App = () => <div className="a">{items.map((i) => <Item key={i} />)}</div>;\n',
  kotlin: 'data class P(val x: Int)\nfun main() = println("${P(1).x}")\n',
  markdown: '# Title\n\n- [x] item with `code` and **bold**\n\n```js\nconst a = 1;\n```\n\n```python\nprint("x")\n```\n\n> quote\n',
  php: '<?php\nnamespace A;\nfunction f(?int $x): string { return "v: {$x}" . <<<EOT\nhi $x\nEOT; }\n?>\n<p><?= $y ?></p>\n',
  python: '@dataclass\nclass A:\n    x: int = 0\n    def f(self) -> str:\n        return f"{self.x!r:>10}"  # c\n"""doc"""\n',
  ruby: 'class A < B\n  def f(x = 1, *rest, &blk) = "#{x}" + %w[a b].join\nend\n<<~HEREDOC\n  text\nHEREDOC\n',
  rust: '#[derive(Debug)]\nstruct S<\'a> { x: &\'a str }\nfn main() { let r = r#"raw"#; println!("{r:?}"); }\n',
  shellscript: 'set -euo pipefail\nif [[ -n "${X:-}" ]]; then exit 1; fi\n',
  sql: "SELECT a.id, COUNT(*) FROM a JOIN b ON a.id = b.a_id WHERE x LIKE '%y%' GROUP BY 1;\n",
  swift: 'struct S: Codable { let x: Int }\nlet s = S(x: 1)\nprint("\\(s.x)")\n',
  toml: '[tool.x]\na = "b"\nc = [1, 2]\nd = 1979-05-27T07:32:00Z\n',
  tsx: 'export function C<T,>({ a }: { a: T }) { return <b>{String(a)}</b>; }\n',
  typescript: 'type A<T> = T extends infer U ? U[] : never;\nenum E { A = 1 }\nabstract class X implements Y { private readonly z?: string; }\n',
  xml: '<?xml version="1.0"?>\n<!DOCTYPE x>\n<a b="c"><![CDATA[ d ]]><!-- e --></a>\n',
  yaml: 'a: &anchor\n  b: [1, "two"]\n  c: |\n    block\n    text\n  d: *anchor\n---\n- e: f # g\n',
};

const THEME = createCssVariablesTheme({ name: 't', variablePrefix: '--t-' });

function highlighter(regex?: (pattern: string) => RegExp) {
  return createHighlighterCoreSync({
    themes: [THEME],
    langs: GRAMMARS as LanguageRegistration[],
    engine: createJavaScriptRegexEngine({ forgiving: true, ...(regex ? { regexConstructor: regex } : {}) }),
  });
}

/** A regex matching what an expression with back-references (`\1`) becomes once they are filled in. */
function filledIn(pattern: string): RegExp {
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\\(\d+)/g, '[\\s\\S]*?');
  return new RegExp(`^${escaped}$`, 's');
}

test("highlighting from the table gives the tokens of Shiki's own conversion, and the table lacks only filled-in end expressions", () => {
  const table = new Map(Object.entries(buildRegexTable(GRAMMARS)));
  const asked: string[] = [];
  const missed: string[] = [];
  const withTable = highlighter(
    regexConstructor({
      get(p) {
        asked.push(p);
        const d = table.get(p);
        if (!d) missed.push(p);
        return d;
      },
    }),
  );
  const plain = highlighter();
  for (const [lang, code] of Object.entries(SAMPLES)) {
    assert.ok(withTable.getLoadedLanguages().includes(lang), lang);
    // No time limit per line (Shiki's default is 500 ms of wall time): a loaded machine must not cut a line's tokens short.
    const a = withTable.codeToTokensBase(code, { lang, theme: 't', tokenizeTimeLimit: 0 });
    const b = plain.codeToTokensBase(code, { lang, theme: 't', tokenizeTimeLimit: 0 });
    assert.deepEqual(a, b, `tokens of ${lang}`);
    assert.ok(
      a.flat().some((t) => t.color && t.color !== 'var(--t-foreground)'),
      `${lang} is coloured`,
    );
  }
  assert.ok(asked.length > 500, `${asked.length} expressions asked for`);
  // Filled-in `end` expressions (a heredoc's delimiter, a raw string's hashes) are per match.
  const withBackrefs = [...enginePatterns({ patterns: GRAMMARS })].filter((p) => /\\\d/.test(p)).map(filledIn);
  const unexplained = missed.filter((m) => !withBackrefs.some((re) => re.test(m)));
  assert.deepEqual(unexplained, []);
  assert.ok(missed.length < asked.length / 20, `${missed.length} of ${asked.length} missed`);
});

test('the expressions handed to the engine: \\z rewritten, four variants of an anchored rule', () => {
  const patterns = enginePatterns({ patterns: [{ match: 'a\\z' }, { begin: '\\Gb', end: '\\\\G\\A', patterns: [{ while: '\\\\z' }] }] });
  assert.deepEqual([...patterns].sort(), ['a$(?!\\n)(?<!\\n)', '\\\\G\\A', '\\\\G\\\uFFFF', '\\\\z', '\\\uFFFFb', '\\Gb'].sort());
});

test('the table file: read beside the bundle, and no table when it is missing or broken', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dw-regex-'));
  try {
    assert.equal(readRegexTable(dir), undefined);
    const entry: RegexDetails = ['a+', 'dgv'];
    // Not compressed, then compressed but cut short.
    writeFileSync(path.join(dir, REGEX_TABLE_FILE), JSON.stringify({ key: 'x', expressions: { 'a+': entry } }));
    assert.equal(readRegexTable(dir), undefined);
    writeFileSync(path.join(dir, REGEX_TABLE_FILE), brotliCompressSync('{"key":"x","expressions":{"a+":["a+","dgv"]'));
    assert.equal(readRegexTable(dir), undefined);
    writeFileSync(path.join(dir, REGEX_TABLE_FILE), brotliCompressSync(JSON.stringify({ key: 'x', expressions: { 'a+': entry } })));
    assert.deepEqual(readRegexTable(dir)?.get('a+'), entry);
    const re = regexConstructor(readRegexTable(dir))('a+');
    assert.equal(re.exec('baa')?.[0], 'aa');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
