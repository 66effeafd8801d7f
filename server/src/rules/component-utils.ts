// Shared by the component rules: walking JSX elements with their JSX ancestry, and tag-name edits.
import { findComponent, HTML_ATTRIBUTES, type ComponentSpec } from '../components/catalog';
import { isJsxElement, type JsxElement } from '../pages/jsx';
import type { PageDocument } from '../pages/parse';
import type { TextEdit } from '../types';
import { ancestorsOf, nodesOf } from '../pages/nodes';
import { offsetOf } from './page-utils';

/** Attributes any component accepts. */
export const GLOBAL_ATTRIBUTES = new Set(['key', 'className', 'class', 'id', 'style']);

/** Whether the component reads an attribute of this name (component-attribute-unknown reports the others). */
export function attributeKnown(spec: ComponentSpec, name: string): boolean {
  return (
    spec.openAttributes === true ||
    GLOBAL_ATTRIBUTES.has(name) ||
    name.startsWith('data-') ||
    name.startsWith('aria-') ||
    spec.attributes.some((a) => a.name === name) ||
    (spec.htmlAttributes === true && HTML_ATTRIBUTES.has(name))
  );
}

/** Calls `fn` for every named JSX element with its nearest JSX ancestor. */
export function walkElements(
  page: PageDocument,
  fn: (element: JsxElement & { name: string }, parent: (JsxElement & { name: string }) | undefined) => void,
): void {
  type Named = JsxElement & { name: string };
  for (const node of nodesOf(page, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    if (!isJsxElement(node) || !node.name) continue;
    const parent = ancestorsOf(page, node).find((a): a is Named => isJsxElement(a) && a.name !== null);
    fn(node as Named, parent);
  }
}

/** Catalogue entry of a capitalised component name (dotted names too). */
export function specOf(name: string): ComponentSpec | undefined {
  return findComponent(name);
}

export function isComponentName(name: string): boolean {
  return /^[A-Z]/.test(name) || name.includes('.');
}

/** Edits renaming an element's opening (and closing) tag. */
export function renameTagEdits(page: PageDocument, element: JsxElement & { name: string }, to: string): TextEdit[] {
  const o = offsetOf(element);
  if (!o || page.text.slice(o.start + 1, o.start + 1 + element.name.length) !== element.name) return [];
  const edits: TextEdit[] = [{ range: page.index.range(o.start + 1, element.name.length), newText: to }];
  const closing = `</${element.name}`;
  const c = page.text.lastIndexOf(closing, o.end);
  if (c > o.start) edits.push({ range: page.index.range(c + 2, element.name.length), newText: to });
  return edits;
}

/** The range of an element's name in its opening tag. */
export function tagNameRange(page: PageDocument, element: JsxElement & { name: string }) {
  const o = offsetOf(element);
  return o ? page.index.range(o.start + 1, element.name.length) : undefined;
}
