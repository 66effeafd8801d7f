// Components -> hast. One small function per component of the catalogue; the output uses `dw-`
// classes styled by media/docwright.css and made interactive (tabs, copy) by media/docwright.js.
// Every attribute value here comes from the page: text goes in text nodes, URLs are checked by the
// sanitiser afterwards, and colours are only ever emitted after a strict hex check.
import type { Element, ElementContent, Properties } from 'hast';
import type { Code } from 'mdast';
import type { State } from 'mdast-util-to-hast';
import type { Node } from 'unist';
import { componentsOfRole, enumValues } from '../components/catalog';
import { isHtmlElementName } from '../components/html-elements';
import { isJsxElement, type JsxElement } from '../pages/jsx';
import { snippetFileRel } from '../site/imports';
import { chromeIcon, codeBlock, codeTitle } from './code';
import { lineList } from './code';
import { apiField, codeBlockText, flag, str, type ApiField, type Attrs, type Frame } from './mdx-walk';
import { iconElement, type IconLibrary } from './icons';
import { own } from './sanitize';
import { styleText } from './style';
import type { BuiltinRenderer } from './jsx-module';
import { append } from '../util/array';
import { isMarkdownFile } from '../util/page-files';
import type { Highlighter } from './highlight';

/** The renderer's frame of a file: the walk's, plus the components the file defines itself. */
export interface RenderFrame extends Frame<ElementContent> {
  /** The file's ESM as source text (run for its components). */
  esmSource: string;
  localComponents: ReadonlySet<string>;
  /** Prose as written, straight quotes kept: a `<Snippet file>` and what it includes. */
  asWritten?: boolean;
}

export interface ComponentContext {
  frame: RenderFrame;
  slug(text: string): string;
  /** The element id the published page gives this heading or titled component (undefined: none). */
  anchor(node: Node): string | undefined;
  attributes(node: JsxElement): Record<string, unknown>;
  /**
   * The snippet's content; a string says why it is not shown (too deep, too many); undefined when it
   * cannot be read. `asWritten`: its prose keeps straight quotes (the format injects `<Snippet file>`
   * after its typography step; imported snippets are part of the page by then).
   */
  renderSnippet(rel: string, props: Record<string, unknown>, children: ElementContent[], asWritten?: boolean): ElementContent[] | string | undefined;
  /** A `.jsx` component's static output; undefined when components may not run (restricted workspace). */
  renderJsx(
    rel: string,
    exportName: string,
    props: Record<string, unknown>,
    children: ElementContent[],
    builtin: BuiltinRenderer,
  ): ElementContent[] | { error: string } | undefined;
  /** A component the page defines with `export const`; undefined when code may not run. */
  renderLocal(
    name: string,
    props: Record<string, unknown>,
    children: ElementContent[],
    builtin: BuiltinRenderer,
  ): ElementContent[] | { error: string } | undefined;
  /** A component that ran and failed (the page shows a marked placeholder; the export reports it). */
  problem(message: string): void;
  /** Where icons the page names come from (`icons.library`). */
  iconLibrary?: IconLibrary;
  /** The host's highlighter (default: plainHighlighter). */
  highlighter?: Highlighter;
  /** Whether a fenced block of the page is shown plain (over its bound: pages/code-highlight.ts). */
  plainCode?(node: Code): boolean;
  /** Renders a `<View>`'s content, noting the view for the page's switcher: whether it shows at first. */
  view?(title: string, icon: string | undefined, iconType: string | undefined, render: () => ElementContent[]): { children: ElementContent[]; shown: boolean };
}

type Out = ElementContent | ElementContent[] | undefined;

interface Call {
  node: JsxElement;
  attrs: Attrs;
  state: State;
  ctx: ComponentContext;
  inline: boolean;
  children(): ElementContent[];
}

// ---- hast helpers ----

export function el(tagName: string, properties: Properties, children: ElementContent[] = []): Element {
  return { type: 'element', tagName, properties, children };
}
const text = (value: string): ElementContent => ({ type: 'text', value });
const cls = (...names: (string | false | undefined)[]): string[] => names.filter((n): n is string => !!n);

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
/** A colour variable for `style`, only for a valid hex colour. */
function colorStyle(name: string, value: unknown): Properties {
  return typeof value === 'string' && HEX.test(value) ? { style: `--dw-${name}:${value}` } : {};
}
/** The icon a component names (from the site's library), else the component's own default (Font Awesome). */
function icon(c: Pick<Call, 'ctx'>, a: Attrs, fallback?: string): ElementContent | undefined {
  const name = str(a, 'icon');
  return name !== undefined ? iconElement(name, str(a, 'iconType'), undefined, c.ctx.iconLibrary) : iconElement(fallback, str(a, 'iconType'));
}

// ---- callouts ----

const CALLOUTS: ReadonlyMap<string, { icon: string; label: string }> = new Map([
  ['Note', { icon: 'circle-info', label: 'Note' }],
  ['Info', { icon: 'circle-info', label: 'Info' }],
  ['Tip', { icon: 'lightbulb', label: 'Tip' }],
  ['Warning', { icon: 'triangle-exclamation', label: 'Warning' }],
  ['Check', { icon: 'circle-check', label: 'Check' }],
  ['Danger', { icon: 'circle-exclamation', label: 'Danger' }],
  ['Callout', { icon: 'circle-info', label: 'Callout' }],
]);

function callout(c: Call): Element {
  const name = c.node.name!;
  const kind = CALLOUTS.get(name) ?? { icon: 'circle-info', label: name };
  // Only <Callout> reads icon and color; a typed callout keeps its variant's (as the format's components do).
  const styled = name === 'Callout' ? c.attrs : {};
  const iconEl = icon(c, styled, kind.icon);
  const title = str(c.attrs, 'title');
  return el(
    'div',
    { className: cls('dw-callout', `dw-callout-${name.toLowerCase()}`), role: 'note', ariaLabel: kind.label, ...colorStyle('accent', styled.color) },
    [
      ...(iconEl ? [el('span', { className: ['dw-callout-icon'] }, [iconEl])] : []),
      el('div', { className: ['dw-callout-body'] }, [...(title ? [el('div', { className: ['dw-callout-title'] }, [text(title)])] : []), ...c.children()]),
    ],
  );
}

// ---- tabs and code groups ----

export interface Pane {
  label: string;
  content: ElementContent[];
}

/** Ids of tab groups count from 1 in each page (see `restartTabIds`): the same page renders the same. */
let groupCounter = 0;

/** Called when a page starts rendering: tab ids then do not depend on what was rendered before. */
export function restartTabIds(): void {
  groupCounter = 0;
}

/** A tab group of `panes` (the `selected` one shown); its panels' ids start with `id` (default: the page's next group number). */
export function tabbed(kind: string, panes: Pane[], extra: Properties = {}, selected = 0, id = `dw-t${++groupCounter}`): Element {
  const sel = Math.min(Math.max(0, selected), Math.max(0, panes.length - 1));
  return tabGroup(
    el('div', { className: cls('dw-tabs', `dw-${kind}`), ...extra } as Properties, [
      el(
        'div',
        { className: ['dw-tab-list'], role: 'tablist' },
        panes.map((p, i) =>
          el(
            'button',
            {
              type: 'button',
              role: 'tab',
              className: cls('dw-tab', i === sel && 'dw-active'),
              ariaSelected: i === sel ? 'true' : 'false',
              ariaControls: [`${id}-${i}`],
            },
            [text(p.label)],
          ),
        ),
      ),
      ...panes.map((p, i) => el('div', { className: ['dw-tab-panel'], role: 'tabpanel', id: `${id}-${i}`, hidden: i !== sel }, p.content)),
    ]),
  );
}

/**
 * A tab group (its tab list first, then one panel per tab) with the reserved attributes media/docwright.js
 * switches tabs by (sanitize.ts `own`): page content cannot forge a tab or a panel.
 */
export function tabGroup(group: Element): Element {
  const [list, ...panels] = group.children as Element[];
  (list.children as Element[]).forEach((tab, i) => own(tab, { dataDwTab: String(i) }));
  panels.forEach((panel, i) => own(panel, { dataDwPanel: String(i) }));
  own(list, { dataDwTabList: '' });
  return own(group, { dataDwTabs: '' });
}

/** Child elements with one of `names`, also when a line of them was parsed as a paragraph. */
function jsxChildren(node: JsxElement, names: string[]): JsxElement[] {
  const out: JsxElement[] = [];
  for (const ch of node.children as Node[]) {
    if (isJsxElement(ch) && ch.name && names.includes(ch.name)) out.push(ch);
    else if (ch.type === 'paragraph') append(out, jsxChildren(ch as JsxElement, names));
  }
  return out;
}

function tabs(c: Call): Element {
  const panes = jsxChildren(c.node, ['Tab']).map((tab, i) => {
    const a = c.ctx.attributes(tab);
    const label = str(a, 'title') ?? `Tab ${i + 1}`;
    return { label, content: c.state.all(tab as never) as ElementContent[] };
  });
  const selected = Number(str(c.attrs, 'defaultTabIndex') ?? 0) || 0;
  return tabbed('tabgroup', panes, {}, selected);
}

/** CodeGroup, RequestExample, ResponseExample: one tab per code block, labelled by its title. */
function codeGroup(c: Call): Element {
  const panes: Pane[] = [];
  for (const child of c.node.children as Node[]) {
    if (child.type === 'code') {
      const code = child as Code;
      const label = codeTitle(code.meta ?? undefined) ?? code.lang ?? `Example ${panes.length + 1}`;
      panes.push({
        label,
        content: [
          codeBlock(code.value, code.lang ?? undefined, code.meta ?? undefined, '', undefined, c.ctx.iconLibrary, c.ctx.highlighter, c.ctx.plainCode?.(code)),
        ],
      });
    } else if (isJsxElement(child) || child.type === 'paragraph') {
      const out = c.state.one(child as never, c.node as never);
      if (out) panes.push({ label: `Example ${panes.length + 1}`, content: Array.isArray(out) ? (out as ElementContent[]) : [out as ElementContent] });
    }
  }
  const name = c.node.name!;
  // Each example is headed by what it shows: Request or Response.
  const heading = componentsOfRole('api-example').has(name) ? name.replace(/Example$/, '') : undefined;
  const group = tabbed('codegroup', panes);
  // Marked for the page's side column (page.ts), as the format pins them to the right on wide screens.
  return heading
    ? own(
        el('div', { className: ['dw-api-example', `dw-${name.toLowerCase()}`] }, [el('div', { className: ['dw-api-example-label'] }, [text(heading)]), group]),
        { dataDwApiExample: '' },
      )
    : group;
}

function codeBlockComponent(c: Call): Element {
  const code = codeBlockText(c.node);
  const a = c.attrs;
  const lines = (name: string) => {
    const v = a[name];
    return Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : typeof v === 'string' ? lineList(v) : undefined;
  };
  // The props create/code.mdx documents for the component, as a fence's meta would give them.
  return codeBlock(
    code,
    str(a, 'language'),
    undefined,
    str(a, 'filename'),
    {
      icon: str(a, 'icon'),
      lines: flag(a, 'lines'),
      wrap: flag(a, 'wrap'),
      nocopy: flag(a, 'nocopy'),
      expandable: flag(a, 'expandable'),
      highlight: lines('highlight'),
      focus: lines('focus'),
    },
    c.ctx.iconLibrary,
    c.ctx.highlighter,
  );
}

/** `<Heading level={n}>`: that heading, with an anchor unless `noAnchor`; a paragraph around its text is dropped. */
function heading(c: Call): Element {
  const level = Math.min(6, Math.max(1, Math.round(Number(c.attrs.level)) || 2));
  let kids = c.children();
  const only = kids.filter((k) => !(k.type === 'text' && !k.value.trim()));
  if (only.length === 1 && only[0].type === 'element' && only[0].tagName === 'p') kids = only[0].children;
  return el(`h${level}`, { id: c.ctx.anchor(c.node) }, kids);
}

// ---- steps, accordions, expandables ----

function steps(c: Call): Element {
  const items: ElementContent[] = [];
  let n = 0;
  for (const child of jsxChildren(c.node, ['Step'])) {
    n++;
    const a = c.ctx.attributes(child);
    const title = str(a, 'title') ?? '';
    const num = str(a, 'stepNumber') ?? String(n);
    const iconEl = icon(c, a);
    const step = el('li', { className: ['dw-step'], id: c.ctx.anchor(child) }, [
      el('div', { className: ['dw-step-marker'] }, iconEl ? [iconEl] : [text(num)]),
      el('div', { className: ['dw-step-content'] }, [
        el('div', { className: ['dw-step-title'] }, [text(title)]),
        ...(c.state.all(child as never) as ElementContent[]),
      ]),
    ]);
    items.push(child.position ? own(step, { dataDwLine: child.position.start.line - 1 }) : step);
  }
  return el('ol', { className: ['dw-steps'] }, items);
}

function step(c: Call): Element {
  // A Step outside Steps (component-nesting reports it): render it as a one-step list.
  return steps({ ...c, node: { ...c.node, children: [c.node] } as JsxElement });
}

function accordion(c: Call): Element {
  const title = str(c.attrs, 'title') ?? '';
  const description = str(c.attrs, 'description');
  const iconEl = icon(c, c.attrs);
  return el('details', { className: ['dw-accordion'], id: c.ctx.anchor(c.node), open: flag(c.attrs, 'defaultOpen') }, [
    el('summary', {}, [
      ...(iconEl ? [iconEl] : []),
      el('span', { className: ['dw-accordion-title'] }, [text(title)]),
      ...(description ? [el('span', { className: ['dw-accordion-description'] }, [text(description)])] : []),
    ]),
    el('div', { className: ['dw-accordion-body'] }, c.children()),
  ]);
}

function expandable(c: Call): Element {
  const title = str(c.attrs, 'title');
  return el('details', { className: ['dw-expandable'], open: flag(c.attrs, 'defaultOpen') }, [
    el('summary', {}, [text(title ? `Show ${title}` : 'Show properties')]),
    el('div', { className: ['dw-expandable-body'] }, c.children()),
  ]);
}

// ---- cards and layout ----

function card(c: Call): Element {
  const href = str(c.attrs, 'href');
  const title = str(c.attrs, 'title');
  const img = str(c.attrs, 'img');
  const iconEl = icon(c, c.attrs);
  const cta = str(c.attrs, 'cta');
  const content: ElementContent[] = [
    ...(img ? [el('img', { className: ['dw-card-img'], src: img, alt: '' })] : []),
    ...(iconEl ? [el('span', { className: ['dw-card-icon'], ...colorStyle('accent', c.attrs.color) }, [iconEl])] : []),
    el('div', { className: ['dw-card-text'] }, [
      ...(title ? [el('div', { className: ['dw-card-title'] }, [text(title)])] : []),
      el('div', { className: ['dw-card-body'] }, c.children()),
      ...(cta ? [el('div', { className: ['dw-card-cta'] }, [text(cta)])] : []),
    ]),
  ];
  const className = cls('dw-card', flag(c.attrs, 'horizontal') && 'dw-card-horizontal', flag(c.attrs, 'disabled') && 'dw-disabled');
  return href && !flag(c.attrs, 'disabled') ? el('a', { className, href }, content) : el('div', { className }, content);
}

const grid =
  (kind: string) =>
  (c: Call): Element => {
    const cols = Math.min(4, Math.max(1, Number(str(c.attrs, 'cols') ?? 2) || 2));
    return el('div', { className: ['dw-grid', kind, `dw-cols-${cols}`] }, c.children());
  };

function tile(c: Call): Element {
  const title = str(c.attrs, 'title');
  const description = str(c.attrs, 'description');
  return el('a', { className: ['dw-tile'], href: str(c.attrs, 'href') }, [
    el('div', { className: ['dw-tile-preview'] }, c.children()),
    ...(title ? [el('div', { className: ['dw-tile-title'] }, [text(title)])] : []),
    ...(description ? [el('div', { className: ['dw-tile-description'] }, [text(description)])] : []),
  ]);
}

// ---- API fields ----

/** What a field's head says after its name. */
export interface FieldFacts {
  type?: string;
  /** The value as written (a string, number, boolean, object…); undefined when none is given. */
  default?: unknown;
  required?: boolean;
  deprecated?: boolean;
}

/**
 * The labels after a field's name as the format's field head shows them (@mintlify/components
 * property/property.js and param-head.js): the type, the default, required, deprecated. No location
 * (`query`, `path`…): the component shows one only when given it, and published pages show none.
 */
export function fieldBadges(f: FieldFacts): Element[] {
  const out: Element[] = [];
  const badge = (cls: string, children: ElementContent[]) => out.push(el('span', { className: ['dw-badge', cls] }, children));
  if (f.type) badge('dw-field-type', [text(f.type)]);
  const shown = defaultText(f.default);
  // Published pages read `default:"False"`: the label and the value as one run of text (media/docwright.css keeps it inline).
  if (shown !== undefined) badge('dw-field-default', [el('span', { className: ['dw-field-default-label'] }, [text('default:')]), text(shown)]);
  if (f.required) badge('dw-field-required', [text('required')]);
  if (f.deprecated) badge('dw-field-deprecated', [text('deprecated')]);
  return out;
}

/** The longest default the format shows, in characters of JSON (MAX_DEFAULT_VALUE_LENGTH of @mintlify/components). */
const MAX_DEFAULT_LENGTH = 50;

/**
 * A default as the format shows it: its JSON (a string in quotes, `10`, `false`, `null`, `{"a":1}`);
 * none for an object holding objects or JSON of 50 characters or more.
 */
export function defaultText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value !== null && typeof value === 'object' && Object.values(value).some((v) => v !== null && typeof v === 'object')) return undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return undefined;
  }
  return json && json.length < MAX_DEFAULT_LENGTH ? json : undefined;
}

function fieldHeader(field: ApiField, rawDefault: unknown): Element {
  const badges = fieldBadges({ type: field.type, default: rawDefault, required: field.required, deprecated: field.deprecated });
  return el('div', { className: ['dw-field-header'] }, [el('code', { className: ['dw-field-name'] }, [text(field.name)]), ...badges]);
}

function paramField(c: Call): Element {
  const field = apiField(c.attrs);
  return el('div', { className: ['dw-field', 'dw-param-field'], id: field.name ? c.ctx.slug(`param-${field.name}`) : undefined }, [
    fieldHeader(field, c.attrs.default),
    el('div', { className: ['dw-field-body'] }, c.children()),
  ]);
}

function responseField(c: Call): Element {
  // A response field is named by `name` only.
  const field = { ...apiField(c.attrs), name: str(c.attrs, 'name') ?? '' };
  return el('div', { className: ['dw-field', 'dw-response-field'], id: field.name ? c.ctx.slug(`response-${field.name}`) : undefined }, [
    fieldHeader(field, c.attrs.default),
    el('div', { className: ['dw-field-body'] }, c.children()),
  ]);
}

// ---- media and inline ----

function frame(c: Call): Element {
  const caption = str(c.attrs, 'caption');
  const hint = str(c.attrs, 'hint');
  return el('figure', { className: ['dw-frame'] }, [
    ...(hint ? [el('div', { className: ['dw-frame-hint'] }, [text(hint)])] : []),
    el('div', { className: ['dw-frame-inner'] }, c.children()),
    ...(caption ? [el('figcaption', {}, [text(caption)])] : []),
  ]);
}

function tooltip(c: Call): Element {
  const tip = str(c.attrs, 'tip') ?? '';
  const headline = str(c.attrs, 'headline');
  return el('span', { className: ['dw-tooltip'], tabIndex: 0 }, [
    ...c.children(),
    el('span', { className: ['dw-tooltip-tip'], role: 'tooltip' }, [...(headline ? [el('strong', {}, [text(headline)]), text(' ')] : []), text(tip)]),
  ]);
}

function update(c: Call): Element {
  const label = str(c.attrs, 'label') ?? '';
  const description = str(c.attrs, 'description');
  const tags = Array.isArray(c.attrs.tags) ? c.attrs.tags.filter((t): t is string => typeof t === 'string') : [];
  return el('section', { className: ['dw-update'], id: c.ctx.anchor(c.node) }, [
    el('div', { className: ['dw-update-meta'] }, [
      el('div', { className: ['dw-update-label'] }, [text(label)]),
      ...(description ? [el('div', { className: ['dw-update-description'] }, [text(description)])] : []),
      ...tags.map((t) => el('span', { className: ['dw-badge'] }, [text(t)])),
    ]),
    el('div', { className: ['dw-update-body'] }, c.children()),
  ]);
}

function iconComponent(c: Call): ElementContent | undefined {
  const i = iconElement(typeof c.attrs.icon === 'string' ? c.attrs.icon : undefined, str(c.attrs, 'iconType'), 'dw-icon dw-inline-icon', c.ctx.iconLibrary);
  if (!i) return undefined;
  return el('span', { className: ['dw-icon-wrap'], ...colorStyle('accent', c.attrs.color) }, [i]);
}

const BADGE_COLORS = new Set(enumValues('Badge', 'color'));
function badge(c: Call): Element {
  const color = str(c.attrs, 'color');
  return el(
    'span',
    { className: cls('dw-badge', color && BADGE_COLORS.has(color) && `dw-badge-${color}`, flag(c.attrs, 'stroke') && 'dw-badge-stroke') },
    c.children(),
  );
}

function tree(c: Call): Element {
  return el(
    'ul',
    { className: ['dw-tree'] },
    c.children().filter((n) => n.type === 'element'),
  );
}
function treeFolder(c: Call): Element {
  const name = str(c.attrs, 'name') ?? '';
  return el('li', { className: ['dw-tree-folder'] }, [
    el('details', { open: flag(c.attrs, 'defaultOpen') }, [
      el('summary', {}, [iconElement('folder') ?? text(''), text(name)]),
      el(
        'ul',
        {},
        c.children().filter((n) => n.type === 'element'),
      ),
    ]),
  ]);
}
function treeFile(c: Call): Element {
  return el('li', { className: cls('dw-tree-file', flag(c.attrs, 'highlight') && 'dw-highlight') }, [
    iconElement('file', 'regular') ?? text(''),
    text(str(c.attrs, 'name') ?? ''),
  ]);
}

function colorItem(c: Call): Element {
  const value = c.attrs.value;
  const light = typeof value === 'string' ? value : typeof value === 'object' && value ? (value as Attrs).light : undefined;
  const name = str(c.attrs, 'name');
  return el('div', { className: ['dw-color-item'] }, [
    el('span', { className: ['dw-swatch'], ...colorStyle('swatch', light) }, []),
    ...(name ? [el('span', { className: ['dw-color-name'] }, [text(name)])] : []),
    ...(typeof light === 'string' ? [el('code', {}, [text(light)])] : []),
  ]);
}

function prompt(c: Call): Element {
  const description = str(c.attrs, 'description') ?? '';
  return own(
    el('div', { className: ['dw-prompt'] }, [
      el('div', { className: ['dw-prompt-description'] }, [text(description)]),
      own(el('div', { className: ['dw-prompt-text'] }, c.children()), { dataDwCopySource: '' }),
      own(el('button', { type: 'button', className: ['dw-copy'], ariaLabel: 'Copy prompt' }, [text('Copy prompt')]), { dataDwCopy: '' }),
    ]),
    { dataDwPrompt: '' },
  );
}

function githubRepo(c: Call): Element {
  const repo = str(c.attrs, 'repo') ?? '';
  const url = repo.startsWith('http') ? repo : `https://github.com/${repo}`;
  return el('a', { className: ['dw-card', 'dw-repo'], href: url }, [
    iconElement('github', 'brands') ?? text(''),
    el('span', {}, [text(repo.replace(/^https?:\/\/github\.com\//, ''))]),
  ]);
}

function snippetFile(c: Call): Out {
  const file = str(c.attrs, 'file');
  if (!file) return undefined;
  const out = c.ctx.renderSnippet(snippetFileRel(file), {}, [], true);
  return typeof out === 'string' ? placeholder(out, c.inline) : (out ?? placeholder(`Snippet ${file} was not found`, c.inline));
}

function placeholder(message: string, inline: boolean): Element {
  return el(inline ? 'span' : 'div', { className: ['dw-placeholder'] }, [text(message)]);
}

/** Wrapper that keeps children and adds a class: Panel, View, Column, Color rows. */
const wrap =
  (className: string, titleAttr?: string) =>
  (c: Call): Element => {
    const title = titleAttr ? str(c.attrs, titleAttr) : undefined;
    return el(c.inline ? 'span' : 'div', { className: [className] }, [
      ...(title ? [el('div', { className: [`${className}-title`] }, [text(title)])] : []),
      ...c.children(),
    ]);
  };

/**
 * `<View>`: one of the page's switchable views (the layout draws the switcher, media/docwright.js
 * switches by the reserved `data-dw-view`). As the format, a View without a title is not rendered.
 */
function view(c: Call): Out {
  const title = str(c.attrs, 'title');
  if (!title) return undefined;
  const { children, shown } = c.ctx.view?.(title, str(c.attrs, 'icon'), str(c.attrs, 'iconType'), () => c.children()) ?? {
    children: c.children(),
    shown: true,
  };
  return own(el(c.inline ? 'span' : 'div', { className: ['dw-view'], hidden: !shown }, children), { dataDwView: title });
}

// A Map: names come from page content, and a plain object would answer `valueOf` or `__proto__`.
const RENDERERS: ReadonlyMap<string, (c: Call) => Out> = new Map(
  Object.entries({
    ...Object.fromEntries([...CALLOUTS.keys()].map((n) => [n, callout])),
    Tabs: tabs,
    Tab: wrap('dw-tab-panel', 'title'),
    CodeGroup: codeGroup,
    RequestExample: codeGroup,
    ResponseExample: codeGroup,
    CodeBlock: codeBlockComponent,
    Steps: steps,
    Step: step,
    AccordionGroup: wrap('dw-accordion-group'),
    Accordion: accordion,
    Expandable: expandable,
    Card: card,
    CardGroup: grid('dw-card-group'),
    Columns: grid('dw-columns'),
    Column: wrap('dw-column'),
    Tile: tile,
    Panel: wrap('dw-panel'),
    ParamField: paramField,
    ResponseField: responseField,
    Frame: frame,
    Tooltip: tooltip,
    Update: update,
    Icon: iconComponent,
    Badge: badge,
    Tree: tree,
    FileTree: tree,
    'Tree.Folder': treeFolder,
    'Tree.File': treeFile,
    Color: wrap('dw-color'),
    'Color.Row': wrap('dw-color-row', 'title'),
    'Color.Item': colorItem,
    View: view,
    Visibility: (c) => (str(c.attrs, 'for') === 'agents' ? undefined : c.children()),
    Prompt: prompt,
    Heading: heading,
    Latex: (c) => el(c.inline ? 'span' : 'div', { className: ['dw-latex'] }, c.children()),
    Snippet: snippetFile,
    'GitHub.Repo': githubRepo,
    'Github.Repo': githubRepo,
    Param: paramField,
    Link: (c) => el('a', { href: str(c.attrs, 'href'), target: str(c.attrs, 'target'), rel: str(c.attrs, 'rel')?.split(/\s+/) }, c.children()),
    Mention: (c) => {
      const page = str(c.attrs, 'page');
      return page
        ? el('a', { href: page, className: ['dw-mention'] }, [text(page)])
        : el('span', { className: ['dw-mention'] }, [text(`@${str(c.attrs, 'user') ?? ''}`)]);
    },
    ...Object.fromEntries(
      [
        'ApiPlayground',
        'CustomCode',
        'CustomComponent',
        'DynamicCustomComponent',
        'SnippetGroup',
        'GitHub',
        'Github',
        'MDX',
        'MDXContentController',
        'ZoomImage',
        'OptimizedVideo',
        'Mermaid',
        'Variation',
      ].map((n) => [n, (c: Call) => c.children()]),
    ),
  } satisfies Record<string, (c: Call) => Out>),
);

/** Whether a component name has its own renderer here (the catalogue's components all do but HTML elements). */
export function hasRenderer(name: string): boolean {
  return RENDERERS.has(name);
}

/** The components drawn by a function of this file (a test checks them against the catalogue). */
export const RENDERED_COMPONENTS: readonly string[] = [...RENDERERS.keys()];

/** Lower-case JSX (`<div>`, `<img>`, `<iframe>`) becomes that element; the sanitiser decides what stays. */
function htmlElement(c: Call): Element {
  const props: Properties = {};
  for (const [name, value] of Object.entries(c.attrs)) {
    const key = name === 'class' ? 'className' : name;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      props[key] = key === 'className' ? String(value).split(/\s+/).filter(Boolean) : value;
    else if (key === 'style' && value && typeof value === 'object' && !Array.isArray(value)) props.style = styleText(value as Record<string, unknown>);
  }
  // An <h1>-<h4> block is a heading of the page: it gets the id the format's table of contents gives it.
  const anchor = /^h[1-4]$/.test(c.node.name!) ? c.ctx.anchor(c.node) : undefined;
  if (anchor) props.id = anchor;
  return el(c.node.name!, props, c.children());
}

/** Draws a built-in component used inside a `.jsx` component's output (`<Icon>`, `<Card>`, ...). */
function builtinRenderer(state: State, ctx: ComponentContext): BuiltinRenderer {
  return (name, attrs, kids) => {
    const render = RENDERERS.get(name);
    // Only a hand-made marker names something else (the globals are the catalogue's components).
    if (!render) return [failed(ctx, `<${name}> is not a built-in component (its content is shown as it is)`, false), ...kids];
    const node = { type: 'mdxJsxFlowElement', name, attributes: [], children: [] } as unknown as JsxElement;
    const out = render({ node, attrs, state, ctx, inline: false, children: () => kids });
    return out === undefined ? [] : Array.isArray(out) ? out : [out];
  };
}

function failed(ctx: ComponentContext, message: string, inline: boolean): Element {
  ctx.problem(message);
  return placeholder(message, inline);
}

export function renderComponent(node: JsxElement, state: State, ctx: ComponentContext): Out {
  const attrs = ctx.attributes(node);
  const inline = node.type === 'mdxJsxTextElement';
  const call: Call = { node, attrs, state, ctx, inline, children: () => state.all(node as never) as ElementContent[] };
  const name = node.name;
  if (!name) return call.children(); // a fragment
  const imported = ctx.frame.imports.get(name);
  if (imported !== undefined) {
    const { rel } = imported;
    if (isMarkdownFile(rel)) {
      const out = ctx.renderSnippet(rel, attrs, call.children());
      return typeof out === 'string' ? placeholder(`<${name}>: ${out}`, inline) : (out ?? placeholder(`<${name}>: ${rel} was not found`, inline));
    }
    const out = ctx.renderJsx(rel, imported.imported, attrs, call.children(), builtinRenderer(state, ctx));
    if (out === undefined) return placeholder(`<${name}> from ${rel} runs only in a trusted workspace; its output is produced by the site's build`, inline);
    if ('error' in out) return failed(ctx, `<${name}> from ${rel} ${out.error}`, inline);
    return el(inline ? 'span' : 'div', { className: ['dw-jsx-component'], dataComponent: name }, out);
  }
  if (ctx.frame.localComponents.has(name)) {
    const out = ctx.renderLocal(name, attrs, call.children(), builtinRenderer(state, ctx));
    if (out === undefined) return placeholder(`<${name}> is defined on this page; it runs only in a trusted workspace`, inline);
    if ('error' in out) return failed(ctx, `<${name}> ${out.error}`, inline);
    return el(inline ? 'span' : 'div', { className: ['dw-jsx-component'], dataComponent: name }, out);
  }
  const render = RENDERERS.get(name);
  if (render) return render(call);
  if (isHtmlElementName(name)) return htmlElement(call);
  // An unknown component (component-unknown reports it): keep its content visible.
  return el(inline ? 'span' : 'div', { className: ['dw-unknown-component'], dataComponent: name }, call.children());
}

/**
 * A heading's anchor link as the format draws it: a link icon shown on hover, named "Navigate to
 * header" (@mintlify/components param-head.js), with no text, so copied text and innerText hold
 * none of it.
 */
export function headingAnchor(id: string): Element {
  return el('a', { className: ['dw-heading-anchor'], href: `#${encodeURIComponent(id)}`, ariaLabel: 'Navigate to header' }, [
    chromeIcon('link', 'dw-heading-anchor-icon'),
  ]);
}

/** The text of hast nodes, without the anchors of headings. */
export function hastText(nodes: readonly ElementContent[]): string {
  let out = '';
  for (const n of nodes) {
    if (n.type === 'text') out += n.value;
    else if (n.type === 'element' && !(n.properties.className as string[] | undefined)?.includes('dw-heading-anchor')) out += hastText(n.children);
  }
  return out;
}
