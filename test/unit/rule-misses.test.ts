// Findings public sites should have had and did not, each beside its nearest correct neighbour.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ignoredProps } from '../../scripts/conformance/common';
import { pageSite } from '../../server/src/rules/page-utils';
import { applyFix, check, ROOT } from '../helpers';
import { MemoryWorkspace } from '../../server/src/workspace';

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

describe('html-element-dropped: <details> and <summary> as blocks', () => {
  // The format turns a block element missing from its list (@mintlify/common allowedComponents) into a comment, content and all.
  const details = '<details>\n  <summary>Setting up a token</summary>\n\n  1. **Generate** a personal access token.\n</details>\n';
  it('reports a block <details> once (not its <summary>), one alone on its line, and a block <summary>, with a fix to an <Accordion>', async () => {
    const body = `## Tokens\n\n${details}\n<details><summary>One line</summary>Body text.</details>\n\n<summary>Loose</summary>\n`;
    const found = (await check(pageSite(body))).filter((f) => f.ruleId === 'html-element-dropped');
    assert.deepEqual(
      found.map((f) => `${f.range?.start.line}: ${f.message}`),
      [
        '7: <details> on a line of its own is left out of the page by the format, with its content (the preview shows it marked; the export leaves it out). Use <Accordion title="…"> instead.',
        '13: <details> on a line of its own is left out of the page by the format, with its content (the preview shows it marked; the export leaves it out). Use <Accordion title="…"> instead.',
        '15: <summary> on a line of its own is left out of the page by the format, with its content (the preview shows it marked; the export leaves it out). Write it as the title of an <Accordion>.',
      ],
    );
    const ws = new MemoryWorkspace(pageSite(body), ROOT);
    applyFix(ws, found[1].fixes![0]);
    applyFix(ws, (await check(ws)).find((f) => f.ruleId === 'html-element-dropped')!.fixes![0]);
    const page = ws.files.get(`${ROOT}/example.mdx`)!;
    assert.match(page, /<Accordion title="Setting up a token">\n {2}\n\n {2}1\. \*\*Generate\*\* a personal access token\.\n<\/Accordion>/);
    assert.match(page, /<Accordion title="One line">Body text\.<\/Accordion>/);
    assert.deepEqual(
      (await check(ws)).filter((f) => f.ruleId !== 'html-element-dropped' || !f.message.startsWith('<summary>')).map((f) => f.ruleId),
      [],
    );
  });
  it('keeps <details> inside a line of text, as the format does, and still reports an element outside the list', async () => {
    const body =
      '## Tokens\n\nSee <details><summary>why</summary>the reason</details> here.\n\n<Accordion title="Setting up a token">\n  Generate one.\n</Accordion>\n\n<center>Centred.</center>\n';
    assert.deepEqual(await ruleMessages(body, 'html-element-dropped'), [
      '13: <center> is not an HTML element that pages may hold: the element is left out and only its content is shown.',
    ]);
  });
});
