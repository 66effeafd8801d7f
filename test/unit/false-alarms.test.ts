// False alarms found on real sites, each beside its nearest true neighbour: the page that showed it
// is quiet now, the neighbour still reported.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../helpers';

const CONFIG = JSON.stringify({
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#0D6E4F' },
  navigation: { groups: [{ group: 'All', pages: ['p'] }] },
});
const page = (body: string) => `---\ntitle: "Images"\ndescription: "Images with alt text written in several ways."\n---\n\n${body}\n`;

async function lines(ruleId: string, body: string): Promise<number[]> {
  return (await check({ 'docs.json': CONFIG, 'p.mdx': page(body), 'a.png': '' })).filter((f) => f.ruleId === ruleId).map((f) => f.range.start.line - 5);
}

describe('image-alt', () => {
  it('reads alt={"…"} and alt={`…`} as the text they give, and an alt an expression computes as given', async () => {
    const body = [
      '<img src="/a.png" alt={"The dashboard listing three notes"} />',
      '<img src="/a.png" alt={\'The dashboard, again\'} />',
      '<img src="/a.png" alt={`The dashboard, once more`} />',
      '<img src="/a.png" alt={labels.dashboard} />',
      '<img src="/a.png" alt={""} />',
      '<img src="/a.png" alt={"screenshot"} />',
      '<img src="/a.png" />',
    ].join('\n\n');
    assert.deepEqual(await lines('image-alt', body), [8, 10, 12]);
  });
});

describe('frontmatter-schema', () => {
  const fm = (keys: string) => `---\ntitle: "Keys"\ndescription: "Front matter keys, documented and custom."\n${keys}\n---\n\nText.\n`;
  const keysReported = async (keys: string) =>
    (await check({ 'docs.json': CONFIG, 'p.mdx': fm(keys) })).filter((f) => f.ruleId === 'frontmatter-schema').map((f) => /"([^"]+)"/.exec(f.message)?.[1]);

  it('reports a documented key in another case even where it ends like another key (sideBarTitle), not a custom compound (ogTitle)', async () => {
    assert.deepEqual(await keysReported('sideBarTitle: "Keys"'), ['sideBarTitle']);
    assert.deepEqual(await keysReported('SidebarTitle: "Keys"'), ['SidebarTitle']);
    assert.deepEqual(await keysReported('ogTitle: "Keys"\nseoTitle: "Keys"\ntitle-2: "Keys"'), []);
  });
});
