// The component catalogue is internally consistent and covers every component of the spec.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COMPONENTS, COMPONENT_NAMES, findComponent } from '../../server/src/components/catalog';
import { hasRenderer, RENDERED_COMPONENTS } from '../../server/src/render/components';
import { MARKDOWN_FUNCTIONS } from '../../server/src/export/markdown';
import { GUIDED_COMPONENTS } from '../../server/src/export/rules-file';

const SPEC_COMPONENTS = [
  'Note',
  'Tip',
  'Warning',
  'Info',
  'Check',
  'CodeGroup',
  'RequestExample',
  'ResponseExample',
  'Steps',
  'Step',
  'Tabs',
  'Tab',
  'AccordionGroup',
  'Accordion',
  'CardGroup',
  'Card',
  'ParamField',
  'ResponseField',
  'Expandable',
  'Frame',
  'Tooltip',
  'Update',
  'video',
  'iframe',
];

/** Attributes the lead accepts on every component; they must not be listed per component. */
const GLOBAL_ATTRIBUTES = ['key', 'className', 'id', 'style'];

describe('component catalogue', () => {
  it('has unique component names, and COMPONENT_NAMES matches COMPONENTS', () => {
    assert.equal(new Set(COMPONENT_NAMES).size, COMPONENT_NAMES.length);
    assert.deepEqual(
      [...COMPONENT_NAMES],
      COMPONENTS.map((c) => c.name),
    );
  });

  it('has unique attribute names within each component, none of them global', () => {
    for (const c of COMPONENTS) {
      const names = c.attributes.map((a) => a.name);
      assert.equal(new Set(names).size, names.length, `${c.name} repeats an attribute`);
      for (const g of GLOBAL_ATTRIBUTES) assert.ok(!names.includes(g), `${c.name} lists global attribute ${g}`);
    }
  });

  it('names only catalogue components in parents and children', () => {
    for (const c of COMPONENTS) {
      for (const p of c.parents ?? []) assert.ok(findComponent(p), `${c.name}: unknown parent ${p}`);
      for (const ch of c.children ?? []) assert.ok(findComponent(ch), `${c.name}: unknown child ${ch}`);
    }
  });

  it('gives every enum attribute a non-empty list of values, and only enums have values', () => {
    for (const c of COMPONENTS) {
      for (const a of c.attributes) {
        if (a.type === 'enum') {
          assert.ok(a.values && a.values.length > 0, `${c.name}.${a.name}: empty enum`);
          assert.equal(new Set(a.values).size, a.values.length, `${c.name}.${a.name}: repeated enum value`);
          if (a.default !== undefined) assert.ok(a.values.includes(a.default), `${c.name}.${a.name}: default not in enum`);
        } else {
          assert.equal(a.values, undefined, `${c.name}.${a.name}: values on a non-enum`);
        }
      }
    }
  });

  it('lists every exactlyOneOf attribute, and none of them as required', () => {
    for (const c of COMPONENTS) {
      for (const group of c.exactlyOneOf ?? []) {
        assert.ok(group.length >= 2, `${c.name}: exactlyOneOf group needs two or more names`);
        for (const name of group) {
          const attr = c.attributes.find((a) => a.name === name);
          assert.ok(attr, `${c.name}: exactlyOneOf names unknown attribute ${name}`);
          assert.ok(!attr.required, `${c.name}.${name} is both required and in exactlyOneOf`);
        }
      }
    }
  });

  it('describes every component and attribute', () => {
    for (const c of COMPONENTS) {
      assert.ok(c.description.trim().length > 0, `${c.name}: no description`);
      for (const a of c.attributes) assert.ok(a.description.trim().length > 0, `${c.name}.${a.name}: no description`);
    }
  });

  it('starts every snippet with the component name', () => {
    for (const c of COMPONENTS) {
      assert.ok(c.snippet.startsWith(c.name), `${c.name}: snippet starts ${JSON.stringify(c.snippet.slice(0, 20))}`);
      const next = c.snippet.charAt(c.name.length);
      assert.ok([' ', '>', '\n', '$'].includes(next) || c.snippet.startsWith(`${c.name} `), `${c.name}: snippet name not followed by a separator`);
      if (c.selfClosing) assert.ok(c.snippet.trimEnd().endsWith('/>'), `${c.name}: self-closing snippet must end with />`);
      else assert.ok(c.snippet.trimEnd().endsWith(`</${c.name}>`), `${c.name}: snippet must close the element`);
    }
  });

  it("contains every component of the spec, with the spec's attributes", () => {
    for (const name of SPEC_COMPONENTS) assert.ok(findComponent(name), `missing ${name}`);
    const has = (c: string, a: string) => findComponent(c)?.attributes.some((x) => x.name === a) ?? false;
    const required = (c: string, a: string) => findComponent(c)?.attributes.find((x) => x.name === a)?.required === true;
    for (const c of ['Step', 'Tab', 'Accordion']) assert.ok(required(c, 'title'), `${c}.title must be required`);
    assert.ok(required('Tooltip', 'tip'));
    assert.ok(required('Update', 'label'));
    assert.ok(has('Update', 'description'));
    assert.ok(required('ResponseField', 'name') && required('ResponseField', 'type') && has('ResponseField', 'required'));
    assert.ok(has('Frame', 'caption') && !required('Frame', 'caption'));
    assert.ok(has('CardGroup', 'cols'));
    for (const a of ['title', 'icon', 'href']) assert.ok(has('Card', a), `Card.${a}`);
    for (const a of ['type', 'required', 'default']) assert.ok(has('ParamField', a), `ParamField.${a}`);
    assert.deepEqual(findComponent('ParamField')?.exactlyOneOf, [['path', 'body', 'query', 'header']]);
    assert.deepEqual(findComponent('Step')?.parents, ['Steps']);
    assert.deepEqual(findComponent('Tab')?.parents, ['Tabs']);
    assert.deepEqual(findComponent('Expandable')?.parents, ['ResponseField', 'ParamField', 'Expandable']);
    for (const name of ['video', 'iframe']) {
      const c = findComponent(name);
      assert.equal(c?.origin, 'html');
      assert.equal(c?.openAttributes, true);
      for (const cls of ['w-full', 'aspect-video', 'rounded-xl']) assert.ok(c?.description.includes(cls), `${name} docs mention ${cls}`);
    }
  });

  it('gives every component but plain HTML elements a renderer', () => {
    const missing = COMPONENTS.filter((c) => c.origin !== 'html' && !hasRenderer(c.name)).map((c) => c.name);
    assert.deepEqual(missing, []);
  });

  it('has a renderer for each component but HTML elements, and no renderer for a name outside the catalogue', () => {
    const html = COMPONENTS.filter((c) => c.origin === 'html').map((c) => c.name);
    for (const name of RENDERED_COMPONENTS) {
      assert.ok(findComponent(name), `render/components.ts draws <${name}>, which the catalogue does not have`);
      // HTML elements are drawn as themselves (htmlElement), a renderer would replace that.
      assert.ok(!html.includes(name), `<${name}> is an HTML element but has a renderer`);
    }
  });

  it('gives every component a Markdown form, with a function exactly for the `custom` ones', () => {
    const custom = COMPONENTS.filter((c) => c.markdown === 'custom')
      .map((c) => c.name)
      .sort();
    assert.deepEqual([...MARKDOWN_FUNCTIONS].sort(), custom);
    for (const c of COMPONENTS) assert.ok(['children', 'blocks', 'drop', 'custom'].includes(c.markdown), `${c.name}: Markdown form ${String(c.markdown)}`);
  });

  it("names only catalogue components in the rules file's guidance", () => {
    for (const name of GUIDED_COMPONENTS) assert.ok(findComponent(name), `rules-file.ts guides <${name}>, which the catalogue does not have`);
  });

  it('knows the components and attributes the format documents beyond the spec', () => {
    const has = (c: string, a: string) => findComponent(c)?.attributes.some((x) => x.name === a) ?? false;
    assert.ok(has('Heading', 'level') && has('Heading', 'noAnchor'));
    assert.ok(has('img', 'noZoom'));
  });

  it('finds components by exact, case-sensitive name', () => {
    assert.equal(findComponent('Tree.Folder')?.name, 'Tree.Folder');
    assert.equal(findComponent('steps'), undefined);
    assert.equal(findComponent('Nope'), undefined);
  });
});
