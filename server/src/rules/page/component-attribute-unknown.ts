import { type JsxAttribute, jsxAttributes } from '../../pages/jsx';
import type { PageDocument } from '../../pages/parse';
import type { Fix } from '../../types';
import { own } from '../../util/json';
import { nearest } from '../../util/suggest';
import { attributeKnown, specOf, walkElements } from '../component-utils';
import { pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

/** A group of attributes of which exactly one is required and none is given (`present`: the element's attribute names). */
export function unmetChoice(groups: readonly string[][] | undefined, present: ReadonlySet<string>): string[] | undefined {
  return groups?.find((g) => !g.some((name) => present.has(name)));
}

/** Removing an attribute the component ignores (with the blanks before it): offered, never applied unseen, as its text is dropped. */
function removalFix(page: PageDocument, attr: JsxAttribute): Fix[] {
  const start = attr.node.position?.start.offset;
  const end = attr.node.position?.end.offset;
  if (start === undefined || end === undefined) return [];
  let from = start;
  while (from > 0 && /\s/.test(page.text[from - 1])) from--;
  return [pageFix(page, `Remove "${attr.name}"`, [{ range: page.index.range(from, end - from), newText: '' }])];
}

export const componentAttributeUnknown: PageRule = {
  id: 'component-attribute-unknown',
  description: 'Components get only the attributes they support.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      "An attribute a component does not support is ignored: a misspelt `tilte` on a Step leaves the step without its title. The quick fix renames the attribute to the nearest supported one. Some attributes are read by one component and not by its siblings: the typed callouts (`<Note>`, `<Tip>`, `<Info>`, `<Warning>`, `<Check>`, `<Danger>`) keep their own icon and colours and ignore `icon`, `iconType`, `iconLibrary` and `color`, which only `<Callout>` reads (the format's component code; its docs say the typed callouts take only their content), so the finding points to `<Callout>`.",
    bad: pageSite('## Install\n\n<Steps>\n  <Step tilte="Install the SDK">\n    Run the installer.\n  </Step>\n</Steps>\n'),
    good: pageSite('## Install\n\n<Steps>\n  <Step title="Install the SDK">\n    Run the installer.\n  </Step>\n</Steps>\n'),
  },
  check({ page, report }) {
    walkElements(page, (element) => {
      const spec = specOf(element.name);
      if (!spec || spec.openAttributes) return;
      const known = spec.attributes.map((a) => a.name);
      const attrs = jsxAttributes(element, page.text);
      // Read once per element, not per unknown attribute (a page of 20,000 unknown attributes was quadratic).
      const present = new Set(attrs.map((a) => a.name));
      const unmet = unmetChoice(spec.exactlyOneOf, present);
      const supported = ` It supports: ${known.join(', ') || 'none'}.`;
      const unknown = attrs.filter((a) => !attributeKnown(spec, a.name)).map((attr) => ({ attr, similar: nearest(attr.name, known) }));
      // A rename must not give the element an attribute twice (the later one would win): not offered then.
      const renames = new Map<string, number>();
      for (const u of unknown) if (u.similar) renames.set(u.similar, (renames.get(u.similar) ?? 0) + 1);
      for (const { attr, similar } of unknown) {
        const other = similar ? undefined : own(spec.elsewhere ?? {}, attr.name);
        const range = attr.nameOffset ? page.index.range(attr.nameOffset.start, attr.nameOffset.end - attr.nameOffset.start) : undefined;
        const taken = similar !== undefined && (present.has(similar) || renames.get(similar)! > 1);
        const fixes = !similar || !range ? [] : taken ? removalFix(page, attr) : [pageFix(page, `Change to "${similar}"`, [{ range, newText: similar }], true)];
        report({
          message:
            `<${element.name}> has no attribute "${attr.name}".` +
            (similar && present.has(similar)
              ? ` Did you mean "${similar}"? It is given already.`
              : similar
                ? ` Did you mean "${similar}"?`
                : // An attribute standing where a required choice is missing (`name` for a ParamField's `query`) says what to write instead.
                  unmet
                  ? ` Write one of ${unmet.map((g) => `"${g}"`).join(', ')} instead.`
                  : other
                    ? ` The format ignores it here; <${other}> reads it: write <${other} ${attr.name}="…"> to set it.${supported}`
                    : supported),
          range,
          node: attr.node,
          fixes,
        });
      }
    });
  },
};
