// Findings public sites should have had and did not, each beside its nearest correct neighbour.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ignoredProps } from '../../scripts/conformance/common';
import { pageSite } from '../../server/src/rules/page-utils';
import { check } from '../helpers';

const ruleMessages = async (body: string, rule: string) =>
  (await check(pageSite(body))).filter((f) => f.ruleId === rule).map((f) => `${f.range?.start.line}: ${f.message}`);

describe('component-attribute-unknown: icon and color on a typed callout', () => {
  // The format's <Note>, <Tip>, <Info>, <Warning>, <Check> and <Danger> keep their own icon and colours.
  it('reports icon, iconType, iconLibrary and color on a typed callout, pointing to <Callout>', async () => {
    const body =
      '<Tip icon="terminal" iconType="regular">\n  Connect these docs to your editor.\n</Tip>\n\n<Warning color="#FF0000">\n  Deleting a note cannot be undone.\n</Warning>\n';
    assert.deepEqual(await ruleMessages(body, 'component-attribute-unknown'), [
      '5: <Tip> has no attribute "icon". The format ignores it here; <Callout> reads it: write <Callout icon="…"> to set it. It supports: title, ariaLabel.',
      '5: <Tip> has no attribute "iconType". The format ignores it here; <Callout> reads it: write <Callout iconType="…"> to set it. It supports: title, ariaLabel.',
      '9: <Warning> has no attribute "color". The format ignores it here; <Callout> reads it: write <Callout color="…"> to set it. It supports: title, ariaLabel.',
    ]);
  });
  it('accepts them on <Callout>, and a title and an accessible name on a typed callout', async () => {
    const body =
      '<Callout icon="terminal" iconType="regular" iconLibrary="lucide" color="#FF0000">\n  Connect these docs to your editor.\n</Callout>\n\n<Note title="Before you start" ariaLabel="Before you start">\n  Read this.\n</Note>\n';
    assert.deepEqual(await ruleMessages(body, 'component-attribute-unknown'), []);
  });
  it("matches the format's components: each prop the catalogue calls ignored changes nothing they render, and changes <Callout>", async () => {
    const result = await ignoredProps();
    assert.equal(result.tried, 24);
    assert.deepEqual(result.disagreements, []);
  });
});
