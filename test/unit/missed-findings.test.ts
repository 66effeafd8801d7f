// Findings that public sites showed to be missed, each beside its nearest correct neighbour (still quiet).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageSite } from '../../server/src/rules/page-utils';
import { check } from '../helpers';

const ruleMessages = async (files: Record<string, string>, rule: string) =>
  (await check(files)).filter((f) => f.ruleId === rule).map((f) => `${f.path.split('/site/').pop()}: ${f.message}`);

const fm = (title: string) => `---\ntitle: "${title}"\ndescription: "The ${title} page of the link test site."\n---\n\n`;

describe('link-broken: level 5-6 headings', () => {
  it('reports a link to a ##### or ###### heading (the format ids levels 1-4), and accepts one to a {#id} on such a heading', async () => {
    const files = pageSite('Read [it](/events#navigation-global-languages), [that](/events#six) and [this](/events#deep).\n', {
      extra: { 'events.mdx': fm('Events') + '## Navigation\n\n##### `navigation.global.languages`\n\nText.\n\n###### Six\n\n##### Deeper {#deep}\n' },
      pages: ['events'],
    });
    assert.deepEqual(await ruleMessages(files, 'link-broken'), [
      'example.mdx: No heading "#navigation-global-languages" on "events".',
      'example.mdx: No heading "#six" on "events".',
    ]);
  });
});
