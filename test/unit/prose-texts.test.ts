// The prose texts of a page (rules/prose.ts): the default reading is shared by the rules that check one
// page after another, and is never another page's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePage } from '../../server/src/pages/parse';
import { proseTexts } from '../../server/src/rules/prose';

const page = (name: string, body: string) => parsePage(`/site/${name}.mdx`, `---\ntitle: "${name}"\n---\n\n${body}\n`);
const words = (texts: readonly { text: string }[]) => texts.map((t) => t.text);

describe('proseTexts', () => {
  it('gives each page its own texts, whichever page was read before', () => {
    const a = page('alpha', 'We will deploy the service.\n\n- The first step runs once.');
    const b = page('beta', 'The token was rotated by the team.');
    const first = proseTexts(a);
    assert.deepEqual(words(proseTexts(b)), words(proseTexts(b, {})));
    assert.deepEqual(words(proseTexts(a)), words(first));
    assert.deepEqual(words(proseTexts(a)), words(proseTexts(a, {})));
    assert.ok(words(proseTexts(a)).some((t) => t.includes('We will deploy')));
    assert.ok(!words(proseTexts(a)).some((t) => t.includes('rotated')));
  });

  it('reads a page parsed again from a new text anew', () => {
    const before = page('gamma', 'The old sentence stays here.');
    assert.ok(words(proseTexts(before)).some((t) => t.includes('old sentence')));
    const after = page('gamma', 'A new sentence replaces it.');
    assert.ok(words(proseTexts(after)).some((t) => t.includes('new sentence')));
    assert.ok(!words(proseTexts(after)).some((t) => t.includes('old sentence')));
  });

  it('with options, reads the page as they say (sentences apart)', () => {
    const p = page('delta', 'One sentence here. Another sentence there.');
    const plain = proseTexts(p);
    const split = proseTexts(p, { sentences: true });
    assert.ok(split.length > plain.length);
    assert.ok(split.some((t) => t.scope[0] === 'sentence' && t.text === 'Another sentence there.'));
  });
});
