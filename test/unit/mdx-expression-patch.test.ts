// patches/micromark-factory-mdx-expression: an MDX expression is tried with acorn at each `}`, which
// is quadratic on text such as `{"` and 16,000 `}`. The patch skips a try whose outcome is known
// (acorn failed before the end of the text, an unterminated string, template, comment or regex has
// not met what could end it, or the text ends in a line comment and no line has ended: the error is
// then put at the last `}`, as upstream's last try puts it). patches/micromark-util-events-to-acorn
// finds empty expressions without re-scanning. Here, against upstream's rule written out with acorn:
// the expression ends at the first `}` before which acorn parses an expression, else the page fails
// with the last try's error.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as acorn from 'acorn';
import fc from 'fast-check';
import { micromark } from 'micromark';
import type { HtmlExtension } from 'micromark-util-types';
import { mdxExpression } from 'micromark-extension-mdx-expression';
import { parsePage, skippedReason } from '../../server/src/pages/parse';

const ACORN_OPTIONS = { ecmaVersion: 'latest', sourceType: 'module' } as const;
const PREFIX = 'a {';

type Outcome = { value: string } | { error: string; offset: number };

/** Whitespace and comments only, as micromark-util-events-to-acorn's `empty`. */
const empty = (s: string) => /^\s*$/.test(s.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\r\n]*(\r\n|\n|\r)/g, ''));

function upstream(body: string): Outcome {
  let last: Outcome = { error: 'eof', offset: -1 };
  for (let i = body.indexOf('}'); i !== -1; i = body.indexOf('}', i + 1)) {
    const source = body.slice(0, i);
    if (empty(source)) return { value: source };
    try {
      const node = acorn.parseExpressionAt(source, 0, { ...ACORN_OPTIONS, preserveParens: true });
      if (empty(source.slice(node.end))) return { value: source };
      last = { error: 'Unexpected content after expression', offset: PREFIX.length + node.end };
    } catch (e) {
      const err = e as Error & { pos: number };
      last = { error: err.message.replace(/ \(\d+:\d+\)$/, ''), offset: PREFIX.length + err.pos };
    }
  }
  return last;
}

function patched(body: string): Outcome {
  const extension = mdxExpression({ acorn: acorn as never, acornOptions: ACORN_OPTIONS, addResult: true });
  let value: string | undefined;
  const capture: HtmlExtension = {
    exit: {
      mdxTextExpression(token) {
        value = this.sliceSerialize(token).slice(1, -1);
      },
    },
  };
  try {
    const html = micromark(PREFIX + body + '\n', { extensions: [extension], htmlExtensions: [capture] });
    assert.ok(html !== undefined);
    return { value: value ?? '' };
  } catch (e) {
    const err = e as { cause?: Error; place?: { offset?: number }; reason?: string };
    if (!err.cause) return { error: 'eof', offset: -1 };
    return { error: err.cause.message, offset: err.place?.offset ?? -1 };
  }
}

// Acorn names an unterminated template two ways, by whether it has read a character of it: a
// skipped try may leave the earlier name. The place is the same.
const same = (o: Outcome): Outcome => ('error' in o ? { ...o, error: o.error.replace('Unterminated template literal', 'Unterminated template') } : o);

const ALPHABET = [
  '{',
  '}',
  '}',
  '}',
  '"',
  "'",
  '`',
  '$',
  '/',
  '*',
  '//',
  '/*',
  '*/',
  '\\',
  '\\1',
  '\\x',
  '\\u',
  '\\u{',
  '61',
  '(',
  ')',
  '[',
  ']',
  ' ',
  'a',
  '1',
  '+',
  ',',
  ':',
  '=',
  '>',
  '\u2028',
];
const body = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 40 }).map((cs) => cs.join(''));

describe('patched MDX expressions end where upstream ends them', () => {
  it('on generated text', () => {
    fc.assert(
      fc.property(body, (b) => {
        const expected = upstream(b);
        // A brace after the expression opens another one, which this reference does not follow.
        fc.pre(!('value' in expected) || !b.slice(expected.value.length + 1).includes('{'));
        assert.deepEqual(same(patched(b)), same(expected), JSON.stringify(b));
      }),
      // A fixed seed keeps CI deterministic; DOCWRIGHT_FUZZ_SEED and DOCWRIGHT_FUZZ_RUNS explore further.
      { numRuns: Number(process.env.DOCWRIGHT_FUZZ_RUNS ?? 20_000), seed: Number(process.env.DOCWRIGHT_FUZZ_SEED ?? 20240601) },
    );
  });

  it('on the texts the skip is for', () => {
    for (const b of [
      '"a}b"}',
      '`${a}`}',
      '`}${"}"}`}',
      '/* } */ x}',
      '/[}]/}',
      '/}/}',
      "'}'}",
      '{a: 1}}',
      '(a}b)}',
      'a /* } */}',
      '"\\"}"}',
      '\\u{61}}',
      '"\\u{61}"}',
      '"}\\1}',
      '/* a\n } */}',
      '// a }\n}',
      '`a\n}`}',
      '"a\n}"}',
      '/* a } /* b } */}',
      '61//}\n+}',
      '()//}}',
      '61//}}',
      'a +//}}',
    ]) {
      assert.deepEqual(patched(b), upstream(b), b);
    }
  });

  it('reads pages of thousands of braces in full, where upstream ran out of time', () => {
    for (const b of [
      '{'.repeat(16_000) + 'x' + '}'.repeat(16_000),
      '"' + '}'.repeat(32_000),
      '`' + '}'.repeat(32_000),
      '/*' + '}'.repeat(32_000),
      '}{/*'.repeat(8_000),
      '}{//'.repeat(8_000),
      'a {/* b } c\n'.repeat(4_000),
    ]) {
      const page = parsePage('x.mdx', `# T\n\n${PREFIX}${b}\n`);
      assert.equal(page.tooLarge, undefined, `${b.slice(0, 3)}…: ${page.tooLarge && skippedReason(page.tooLarge)}`);
      assert.ok(page.syntaxError, `${b.slice(0, 3)}…: the unclosed expression is reported`);
    }
  });
});
