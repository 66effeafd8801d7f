// Texts in shared memory (node/shared-texts.ts), as the check and export workers read them: every text
// back as it was, whatever its characters, in the order given; the memory itself shared with a worker.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { shareTexts, SharedTexts, type SharedTextsData } from '../../server/src/node/shared-texts';

const TEXTS = new Map([
  ['a.mdx', '---\ntitle: "Plain"\n---\n\nASCII only.\n'],
  ['fr/b.mdx', 'Accents : é, à, ç, œ — and a non-breaking\u00a0space.'],
  ['ja/c.mdx', '日本語のページ。見出し'],
  ['d.mdx', 'Emoji 🚀 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 outside the first plane.'],
  ['empty.mdx', ''],
  ['broken.mdx', 'An editor buffer with a lone surrogate \ud800 in it, and \udc00 too.'],
  ['z.mdx', 'The last one.'],
]);

describe('shared texts', () => {
  it('gives every text back exactly, keys in their order', () => {
    const shared = new SharedTexts(shareTexts(TEXTS));
    assert.deepEqual([...shared.keys()], [...TEXTS.keys()]);
    for (const [key, text] of TEXTS) assert.equal(shared.get(key), text, key);
    assert.deepEqual(new Map(shared), TEXTS);
    assert.equal(shared.size, TEXTS.size);
    assert.equal(shared.has('missing.mdx'), false);
    assert.equal(shared.get('missing.mdx'), undefined);
  });

  it('keeps a text UTF-8 cannot carry (a lone surrogate) whole, outside the buffer', () => {
    const data = shareTexts(TEXTS);
    assert.deepEqual(
      data.rest.map(([k]) => k),
      ['broken.mdx'],
    );
    const bytes = [...TEXTS].filter(([k]) => k !== 'broken.mdx').reduce((n, [, t]) => n + Buffer.byteLength(t), 0);
    assert.equal(data.buffer.byteLength, bytes);
  });

  it('shares its memory with a worker, which reads the same texts', async () => {
    const data = shareTexts(TEXTS);
    const decode = `
      const { parentPort, workerData: d } = require('node:worker_threads');
      const out = d.keys.map((k, i) => d.starts[i] < 0 ? null : new TextDecoder().decode(new Uint8Array(d.buffer, d.starts[i], d.ends[i] - d.starts[i])));
      new Uint8Array(d.buffer)[0] = 0x41; // written here, seen by the main thread: the memory is shared
      parentPort.postMessage(out);`;
    const worker = new Worker(decode, { eval: true, workerData: data satisfies SharedTextsData });
    const got = await new Promise<(string | null)[]>((resolve, reject) => (worker.once('message', resolve), worker.once('error', reject)));
    await worker.terminate();
    assert.deepEqual(
      got,
      [...TEXTS].map(([k, t]) => (k === 'broken.mdx' ? null : t)),
    );
    assert.equal(new SharedTexts(data).get('a.mdx')![0], 'A');
  });
});
