// The component catalogue: every component a page of this documentation format may use, with its
// attributes, where it may sit and how completion inserts it. Pure data, no I/O.
//
// Sources of the facts (descriptions are our own words): the spec's "Page components" table, the
// public component pages of the format's documentation (mintlify/docs `components/*.mdx`,
// `create/code.mdx`, `create/image-embeds.mdx`, `create/text.mdx`, older `content/text.mdx` for <Latex>) and the
// public component library (mintlify/components `packages/components/src/components/*`).
// Attributes every component accepts (`key`, `className`, `id`, `style`) are not listed here.
import { ICON_TYPES } from '../config/schema';

export type AttrType = 'string' | 'boolean' | 'number' | 'enum' | 'expression' | 'any';

export interface AttributeSpec {
  name: string;
  /** 'expression' = a JS value in {…} (object/array/function); 'any' = string or expression. */
  type: AttrType;
  /** For 'enum'. */
  values?: string[];
  required?: boolean;
  default?: string;
  /** One sentence, Markdown allowed. */
  description: string;
  /** Message shown when the attribute is used, if it is deprecated. */
  deprecated?: string;
  /** The value names a file of the site (`if-path`: when written as a path, else e.g. an icon name). */
  file?: 'always' | 'if-path';
}

export interface ComponentSpec {
  /** 'Steps', 'Tree.Folder', 'video'. */
  name: string;
  /** 1–3 sentences of Markdown: what it is for, when to use it. */
  description: string;
  attributes: AttributeSpec[];
  /** Groups of attributes of which exactly one must be given. */
  exactlyOneOf?: string[][];
  /** Allowed direct parent components; omitted = allowed anywhere. */
  parents?: string[];
  /** Allowed outside `parents` too when it directly contains one of these. */
  anywhereIfContains?: string[];
  /**
   * Its children are ordinary page content (a step, a tab, an accordion's body): what may stand
   * at the top level of a page may stand here too.
   */
  holdsPageContent?: boolean;
  /** Components it normally contains (completion, snippets). */
  children?: string[];
  /** Normally written without children (`<Icon icon="x" />`). */
  selfClosing?: boolean;
  /** Accepts any further attributes without complaint. */
  openAttributes?: boolean;
  /** Passes the HTML attributes of HTML_ATTRIBUTES on to the element it renders, so they are known too. */
  htmlAttributes?: boolean;
  /** Attributes it ignores that another component of the catalogue reads: the attribute -> that component (for the finding's hint). */
  elsewhere?: Record<string, string>;
  /** VS Code snippet body inserted on completion after the `<`. */
  snippet: string;
  origin: 'spec' | 'builtin' | 'html';
  /** Renders within a line of text, so a paragraph around it stays one (render/page.ts); omitted: a block. */
  inline?: boolean;
  /** How the page's Markdown copy (`.md` export, llms-full.txt) writes it: see MarkdownForm. */
  markdown: MarkdownForm;
  /** What it is on an API page, for the rules and renderer that treat such components alike: see ComponentRole. */
  role?: ComponentRole;
  /** The element id it renders, as the format's components and link checker give one: see ComponentAnchor. */
  anchor?: ComponentAnchor;
  /** The table of contents leaves out the headings inside it (their ids are not de-duplicated with the page's). */
  hidesHeadings?: boolean;
  /** Presents an image it holds itself (border, spacing), so the image needs no `<Frame>` around it. */
  framesImages?: boolean;
}

/**
 * The element id a component renders. Omitted: its `id` attribute, when written. `title`, `label`,
 * `text`: its `id` attribute, else one made from its `title`, its `label` or its text. `dropped`: its
 * `id` attribute reaches no element, though what it renders of its props or items may hold ids.
 * `none`: no element id of its own, whatever it is given (ids inside its content are the content's).
 */
export type ComponentAnchor = 'title' | 'label' | 'text' | 'dropped' | 'none';

/**
 * `api-field`: documents one parameter or response field (its id comes from data: `param-…`);
 * `api-example`: a request or response example pinned beside an endpoint's content.
 */
export type ComponentRole = 'api-field' | 'api-example';

/**
 * A component in the Markdown copy of a page: `children` its content as written (a layout
 * wrapper), `blocks` its content with loose text made paragraphs, `drop` nothing (it says nothing
 * in text), `custom` a function of export/markdown.ts (a test checks each has one).
 */
export type MarkdownForm = 'children' | 'blocks' | 'drop' | 'custom';

/**
 * HTML attributes in JSX spelling that a component passing its further props to its element accepts:
 * the global ones, microdata, RDFa and the ones React adds (`aria-*`, `data-*` and event handlers aside).
 */
export const HTML_ATTRIBUTES: ReadonlySet<string> = new Set([
  'accessKey',
  'autoCapitalize',
  'autoCorrect',
  'autoFocus',
  'autoSave',
  'contentEditable',
  'contextMenu',
  'dir',
  'draggable',
  'enterKeyHint',
  'exportparts',
  'hidden',
  'inert',
  'inputMode',
  'is',
  'lang',
  'nonce',
  'part',
  'popover',
  'popoverTarget',
  'popoverTargetAction',
  'radioGroup',
  'role',
  'slot',
  'spellCheck',
  'tabIndex',
  'title',
  'translate',
  'itemID',
  'itemProp',
  'itemRef',
  'itemScope',
  'itemType',
  'about',
  'content',
  'datatype',
  'inlist',
  'prefix',
  'property',
  'rel',
  'resource',
  'rev',
  'typeof',
  'vocab',
  'color',
  'results',
  'security',
  'unselectable',
  'defaultChecked',
  'defaultValue',
  'suppressContentEditableWarning',
  'suppressHydrationWarning',
  'dangerouslySetInnerHTML',
]);

// ---------------------------------------------------------------------------------------------
// Shared attribute builders

function iconAttr(what: string, required = false): AttributeSpec {
  return {
    name: 'icon',
    type: 'any',
    file: 'if-path',
    ...(required ? { required: true } : {}),
    description:
      `Icon shown ${what}: a name from the configured icon library (Font Awesome, Lucide or Tabler), ` +
      'an image URL or project path, or an inline `<svg>` passed in `{…}`.',
  };
}

const ICON_TYPE_ATTR: AttributeSpec = {
  name: 'iconType',
  type: 'enum',
  values: [...ICON_TYPES],
  description: 'Font Awesome style of the icon (ignored for other icon libraries).',
};

/** Per-icon choice of library, where the component reads one (the site's `icons.library` otherwise). */
const ICON_LIBRARY_ATTR: AttributeSpec = {
  name: 'iconLibrary',
  type: 'enum',
  values: ['fontawesome', 'lucide'],
  description: 'Icon library the `icon` name is looked up in, instead of the one the site configures.',
};

/** An accessible name for components that label a region. */
const ARIA_LABEL_ATTR: AttributeSpec = { name: 'ariaLabel', type: 'string', description: 'Accessible name announced by screen readers for the region.' };

function iconAttrs(what: string): AttributeSpec[] {
  return [iconAttr(what), ICON_TYPE_ATTR];
}

const DROPDOWN_ATTR: AttributeSpec = {
  name: 'dropdown',
  type: 'boolean',
  description: 'Switch between the code blocks with a language menu instead of tabs.',
};

const TITLE_SIZE_ATTR: AttributeSpec = {
  name: 'titleSize',
  type: 'enum',
  values: ['p', 'h2', 'h3', 'h4'],
  default: 'p',
  description: 'How large step titles render: as body text (`p`) or as a level 2–4 heading.',
};

/** What the format's callout component reads on every callout (its typed ones included). */
const CALLOUT_TITLE: AttributeSpec = { name: 'title', type: 'string', description: 'Bold title shown at the top of the callout.' };

/**
 * A typed callout: the format's component gives it its variant's icon and colours and reads only
 * `title` and `ariaLabel` of what the author writes (its `icon`, `iconType`, `iconLibrary` and `color`
 * props are declared but used by `<Callout>` alone; the docs say typed callouts take only children).
 */
function callout(name: string, tone: string): ComponentSpec {
  return {
    name,
    description: `Callout box for ${tone}, with its own icon and colours. A \`title\` shows in bold at its top; for another icon or colour use \`<Callout>\`.`,
    attributes: [CALLOUT_TITLE, ARIA_LABEL_ATTR],
    elsewhere: { icon: 'Callout', iconType: 'Callout', iconLibrary: 'Callout', color: 'Callout' },
    anchor: 'none',
    snippet: `${name}>\n  $0\n</${name}>`,
    markdown: 'custom',
    origin: name === 'Danger' ? 'builtin' : 'spec',
  };
}

/**
 * Names the format's renderer accepts without an import (its `allowedComponents`) that pages rarely
 * write: known, their attributes not checked, their content shown as it is (with the element id they render).
 */
const ACCEPTED_BUILTINS: [string, string, ComponentAnchor?][] = [
  ['ApiPlayground', 'The interactive API playground of an API page; the site places it itself.'],
  ['CustomCode', "Code the site's renderer inserts itself.", 'dropped'],
  ['CustomComponent', "A component the site's renderer inserts itself.", 'dropped'],
  ['DynamicCustomComponent', "A component the site's renderer inserts itself.", 'dropped'],
  ['SnippetGroup', 'A group of code snippets, shown like `<CodeGroup>`.', 'dropped'],
  ['Param', 'Older name of `<ParamField>`.'],
  ['GitHub', 'Namespace of `<GitHub.Repo>`.', 'dropped'],
  ['Github', 'Alternative spelling of `<GitHub>`.', 'dropped'],
  ['Github.Repo', 'Alternative spelling of `<GitHub.Repo>`.'],
  ['MDX', 'Markdown written inside a JavaScript expression, rendered where it stands.', 'dropped'],
  ['MDXContentController', "Used by the site's renderer around page content."],
  ['ZoomImage', 'An image readers can click to enlarge.', 'dropped'],
  ['OptimizedVideo', 'A video the site serves optimised.'],
  ['Mermaid', 'A Mermaid diagram from its `chart` text; a ```mermaid code block does the same.', 'none'],
  ['Variation', 'Content shown for one variation of the page.', 'dropped'],
];

const TREE_PARENTS = ['Tree', 'FileTree', 'Tree.Folder'];

// ---------------------------------------------------------------------------------------------
// The catalogue

export const COMPONENTS: readonly ComponentSpec[] = [
  // --- Callouts ------------------------------------------------------------------------------
  callout('Note', 'supplementary information the reader may safely skip'),
  callout('Tip', 'a best practice or a shortcut worth knowing'),
  callout('Warning', 'a caution: something that can go wrong or cannot be undone'),
  callout('Info', 'neutral context such as prerequisites or permissions'),
  callout('Check', 'confirming success, for example the expected result of a step'),
  callout('Danger', 'critical risks such as data loss or breaking changes'),
  {
    name: 'Callout',
    anchor: 'none',
    description: 'Generic callout box whose icon and colour you choose, for cases the typed callouts (`Note`, `Tip`, `Warning`, …) do not cover.',
    attributes: [
      CALLOUT_TITLE,
      {
        name: 'variant',
        type: 'enum',
        values: ['info', 'warning', 'note', 'tip', 'check', 'danger', 'custom'],
        default: 'custom',
        description: 'Give the callout the look and default icon of a typed callout (`note` looks like `<Note>`).',
      },
      ...iconAttrs('at the start of the callout'),
      ICON_LIBRARY_ATTR,
      { name: 'color', type: 'string', description: 'Hex colour (e.g. `#FFC107`) used for the border, tint and text.' },
      ARIA_LABEL_ATTR,
    ],
    snippet: 'Callout icon="$1" color="${2:#FFC107}">\n  $0\n</Callout>',
    markdown: 'custom',
    origin: 'builtin',
  },

  // --- Code ----------------------------------------------------------------------------------
  {
    name: 'CodeGroup',
    anchor: 'none',
    description:
      'Shows several fenced code blocks as tabs (or a dropdown), typically the same example in several languages. ' +
      'Each code block needs a title after its language; that title becomes the tab label.',
    attributes: [DROPDOWN_ATTR, { name: 'initialSelectedTab', type: 'number', default: '0', description: 'Zero-based index of the code block shown first.' }],
    snippet: 'CodeGroup>\n\n```${1:bash} ${2:title}\n$0\n```\n\n</CodeGroup>',
    markdown: 'children',
    origin: 'spec',
  },
  {
    name: 'RequestExample',
    anchor: 'dropped',
    role: 'api-example',
    description: 'Code blocks pinned to the side column of an API endpoint page, showing how to call it. ' + 'Use only on API reference pages.',
    attributes: [DROPDOWN_ATTR],
    snippet: 'RequestExample>\n\n```${1:bash} ${2:cURL}\n$0\n```\n\n</RequestExample>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'ResponseExample',
    anchor: 'dropped',
    role: 'api-example',
    description:
      'Code blocks pinned to the side column of an API endpoint page, showing what it returns (success and error responses). ' +
      'Use only on API reference pages.',
    attributes: [DROPDOWN_ATTR],
    snippet: 'ResponseExample>\n\n```${1:json} ${2:200}\n$0\n```\n\n</ResponseExample>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'CodeBlock',
    description: 'Renders a code block from JSX, mostly inside custom React components; in Markdown prefer an ordinary fenced code block.',
    attributes: [
      { name: 'language', type: 'string', description: 'Language used for syntax highlighting.' },
      { name: 'lang', type: 'string', description: 'Shorter spelling of `language`.' },
      { name: 'filename', type: 'string', description: 'File name shown in the block header.' },
      iconAttr('in the block header'),
      { name: 'lines', type: 'boolean', description: 'Show line numbers.' },
      { name: 'wrap', type: 'boolean', description: 'Wrap long lines instead of scrolling.' },
      { name: 'nocopy', type: 'boolean', description: 'Hide the copy button.' },
      { name: 'expandable', type: 'boolean', description: 'Collapse a long block behind an expand control.' },
      { name: 'highlight', type: 'string', description: 'Lines to highlight, as a stringified array such as `"[1,3]"`.' },
      { name: 'focus', type: 'string', description: 'Lines to focus, as a stringified array such as `"[2,4]"`.' },
      { name: 'hideAskAiButton', type: 'boolean', description: "Leave out the button that asks the site's assistant about the code." },
    ],
    snippet: 'CodeBlock language="$1" filename="$2">\n  $0\n</CodeBlock>',
    markdown: 'custom',
    origin: 'builtin',
  },

  // --- Structure -----------------------------------------------------------------------------
  {
    name: 'Steps',
    anchor: 'dropped',
    description: 'Numbered procedure made of `<Step>` children. Use it whenever the reader must do things in order.',
    attributes: [TITLE_SIZE_ATTR],
    children: ['Step'],
    snippet: 'Steps>\n  <Step title="$1">\n    $0\n  </Step>\n</Steps>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'Step',
    anchor: 'title',
    description: 'One step of a `<Steps>` procedure; say what to do and what the reader should see afterwards.',
    attributes: [
      { name: 'title', type: 'string', required: true, description: 'Short instruction shown next to the step number.' },
      ...iconAttrs('in place of the step number'),
      ICON_LIBRARY_ATTR,
      { name: 'stepNumber', type: 'number', description: 'Number displayed for this step, overriding automatic counting.' },
      TITLE_SIZE_ATTR,
      { name: 'noAnchor', type: 'boolean', default: 'false', description: 'Do not give the step a linkable anchor.' },
    ],
    parents: ['Steps'],
    children: ['Check', 'Warning'],
    holdsPageContent: true,
    snippet: 'Step title="$1">\n  $0\n</Step>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'Tabs',
    anchor: 'dropped',
    description:
      'Switchable panels, each a `<Tab>`; use them for platform-specific or alternative content. ' + 'Tabs with the same title stay in sync across the page.',
    attributes: [
      { name: 'defaultTabIndex', type: 'number', default: '0', description: 'Zero-based index of the tab selected on load.' },
      {
        name: 'sync',
        type: 'boolean',
        default: 'true',
        description: 'Keep the selection in step with other tab groups and code groups that share a title; `false` makes this group independent.',
      },
      { name: 'borderBottom', type: 'boolean', description: 'Draw a border and padding under the tab content to set it apart from the page.' },
      ARIA_LABEL_ATTR,
    ],
    children: ['Tab'],
    snippet: 'Tabs>\n  <Tab title="$1">\n    $0\n  </Tab>\n</Tabs>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'Tab',
    anchor: 'title',
    description: 'One panel of a `<Tabs>` group.',
    attributes: [
      { name: 'title', type: 'string', required: true, description: 'Label of the tab; keep it short.' },
      ...iconAttrs('beside the tab label'),
      ICON_LIBRARY_ATTR,
    ],
    parents: ['Tabs'],
    holdsPageContent: true,
    snippet: 'Tab title="$1">\n  $0\n</Tab>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'AccordionGroup',
    anchor: 'dropped',
    hidesHeadings: true,
    description: 'Stacks several `<Accordion>` sections into one visually joined block.',
    attributes: [],
    children: ['Accordion'],
    snippet: 'AccordionGroup>\n  <Accordion title="$1">\n    $0\n  </Accordion>\n</AccordionGroup>',
    markdown: 'children',
    origin: 'spec',
  },
  {
    name: 'Accordion',
    anchor: 'title',
    hidesHeadings: true,
    description: 'Collapsible section for detail most readers can skip (progressive disclosure), such as optional settings or troubleshooting.',
    attributes: [
      { name: 'title', type: 'string', required: true, description: 'Heading shown while the section is collapsed.' },
      { name: 'description', type: 'string', description: 'Secondary line shown under the title.' },
      { name: 'defaultOpen', type: 'boolean', default: 'false', description: 'Start expanded.' },
      ...iconAttrs('beside the title'),
    ],
    holdsPageContent: true,
    snippet: 'Accordion title="$1">\n  $0\n</Accordion>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'Expandable',
    anchor: 'dropped',
    hidesHeadings: true,
    description: 'Toggle that reveals the nested properties of an object field; place it inside a `ResponseField`, a `ParamField` or another `Expandable`.',
    attributes: [
      { name: 'title', type: 'string', description: 'What is being expanded, e.g. `properties`.' },
      { name: 'defaultOpen', type: 'boolean', default: 'false', description: 'Start expanded.' },
      { name: 'openedText', type: 'string', description: 'Toggle label while expanded, in place of the one built from `title`.' },
      { name: 'closedText', type: 'string', description: 'Toggle label while collapsed, in place of the one built from `title`.' },
      { name: 'lazy', type: 'boolean', description: 'Render the nested content only once it is first expanded.' },
    ],
    parents: ['ResponseField', 'ParamField', 'Expandable'],
    // The format's own docs also use an Expandable at the top level (around fields or not).
    anywhereIfContains: ['ResponseField', 'ParamField'],
    children: ['ResponseField', 'ParamField'],
    snippet: 'Expandable title="${1:properties}">\n  $0\n</Expandable>',
    markdown: 'custom',
    origin: 'spec',
  },

  // --- Cards and layout ----------------------------------------------------------------------
  {
    name: 'CardGroup',
    anchor: 'none',
    description: 'Lays `<Card>` elements out in a grid. The current format also offers `<Columns>` for the same purpose.',
    attributes: [{ name: 'cols', type: 'number', default: '2', description: 'Number of columns in the grid.' }],
    children: ['Card'],
    snippet: 'CardGroup cols={${1:2}}>\n  <Card title="$2" icon="$3" href="$4">\n    $0\n  </Card>\n</CardGroup>',
    markdown: 'children',
    origin: 'spec',
  },
  {
    name: 'Card',
    anchor: 'none',
    description: 'Boxed, emphasised link or summary with a title, optional icon or image, and a short body.',
    attributes: [
      { name: 'title', type: 'string', description: 'Heading of the card.' },
      iconAttr('on the card'),
      ICON_TYPE_ATTR,
      ICON_LIBRARY_ATTR,
      { name: 'color', type: 'string', description: 'Hex colour of the icon, e.g. `#FF6B6B`.' },
      { name: 'href', type: 'string', description: 'Page path or URL opened when the card is clicked.' },
      { name: 'horizontal', type: 'boolean', description: 'Use the compact side-by-side layout.' },
      { name: 'img', type: 'string', file: 'always', description: 'Image URL or project path shown across the top of the card.' },
      { name: 'cta', type: 'string', description: 'Text of the call-to-action link at the bottom of the card.' },
      { name: 'arrow', type: 'boolean', description: 'Show or hide the arrow that marks a linked card.' },
      {
        name: 'type',
        type: 'enum',
        values: ['info', 'warning', 'note', 'tip', 'check', 'danger'],
        description: 'Give the card the look and default icon of the matching callout.',
      },
      { name: 'disabled', type: 'boolean', description: 'Render the card greyed out and not clickable.' },
    ],
    snippet: 'Card title="$1" icon="$2" href="$3">\n  $0\n</Card>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'Columns',
    anchor: 'none',
    description: 'Responsive grid for cards, tiles or any content; wrap free-form content in `<Column>`.',
    attributes: [{ name: 'cols', type: 'number', default: '2', description: 'Columns per row, from 1 to 4.' }],
    children: ['Card', 'Column', 'Tile'],
    snippet: 'Columns cols={${1:2}}>\n  $0\n</Columns>',
    markdown: 'children',
    origin: 'builtin',
  },
  {
    name: 'Column',
    anchor: 'none',
    description: 'One cell of a `<Columns>` grid, for arbitrary content such as text or code side by side.',
    attributes: [],
    parents: ['Columns'],
    holdsPageContent: true,
    snippet: 'Column>\n  $0\n</Column>',
    markdown: 'blocks',
    origin: 'builtin',
  },
  {
    name: 'Tile',
    anchor: 'none',
    framesImages: true,
    description: 'Visual preview link: an image or SVG on a patterned background with a title and description underneath. Often placed in `<Columns>`.',
    attributes: [
      { name: 'href', type: 'string', required: true, description: 'Page path or URL the tile links to.' },
      { name: 'title', type: 'string', description: 'Title shown under the preview.' },
      { name: 'description', type: 'string', description: 'Short text shown under the title.' },
    ],
    children: ['img'],
    snippet: 'Tile href="$1" title="$2" description="$3">\n  $0\n</Tile>',
    markdown: 'blocks',
    origin: 'builtin',
  },
  {
    name: 'Panel',
    anchor: 'none',
    description:
      "Replaces the page's right-hand column (normally the table of contents) with the components inside it. When present, `RequestExample`/`ResponseExample` must go inside it.",
    attributes: [],
    htmlAttributes: true,
    snippet: 'Panel>\n  $0\n</Panel>',
    markdown: 'blocks',
    origin: 'builtin',
  },

  // --- API fields ----------------------------------------------------------------------------
  {
    name: 'ParamField',
    role: 'api-field',
    description:
      'Documents one API parameter. Exactly one of `path`, `body`, `query` or `header` names the parameter and says where it is sent; ' +
      'the children describe it (Markdown). Using it also enables the API playground on the page.',
    attributes: [
      { name: 'path', type: 'string', description: 'Name of a path parameter.' },
      { name: 'body', type: 'string', description: 'Name of a request-body field.' },
      { name: 'query', type: 'string', description: 'Name of a query-string parameter.' },
      { name: 'header', type: 'string', description: 'Name of a request header.' },
      { name: 'type', type: 'string', description: 'Value type, e.g. `string`, `number`, `boolean`, `object`; append `[]` for arrays.' },
      { name: 'required', type: 'boolean', description: 'Mark the parameter as required.' },
      { name: 'default', type: 'any', description: 'Value used when the request leaves the parameter out.' },
      { name: 'placeholder', type: 'string', description: 'Placeholder text of the playground input.' },
      { name: 'deprecated', type: 'boolean', description: 'Mark the parameter as deprecated.' },
      { name: 'pre', type: 'expression', description: 'Labels shown before the name, as an array of strings.' },
      { name: 'post', type: 'expression', description: 'Labels shown after the name, as an array of strings.' },
      { name: 'initialValue', type: 'any', description: 'Value pre-filled in the playground (older sites).' },
    ],
    exactlyOneOf: [['path', 'body', 'query', 'header']],
    children: ['Expandable'],
    snippet: 'ParamField ${1|body,path,query,header|}="$2" type="${3:string}"${4: required}>\n  $0\n</ParamField>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'ResponseField',
    role: 'api-field',
    description: 'Documents one field of an API response (also handy for listing the properties of any type); nest an `<Expandable>` for object fields.',
    attributes: [
      { name: 'name', type: 'string', required: true, description: 'Name of the field.' },
      { name: 'type', type: 'string', required: true, description: 'Type of the field, e.g. `string` or `User Object`.' },
      { name: 'required', type: 'boolean', description: 'Mark the field as always present.' },
      { name: 'default', type: 'any', description: 'Value the field takes when not set.' },
      { name: 'deprecated', type: 'boolean', description: 'Mark the field as deprecated.' },
      { name: 'hidden', type: 'boolean', description: 'Leave the field out of the rendered page.' },
      { name: 'pre', type: 'expression', description: 'Labels shown before the name, as an array of strings.' },
      { name: 'post', type: 'expression', description: 'Labels shown after the name, as an array of strings.' },
    ],
    children: ['Expandable'],
    snippet: 'ResponseField name="$1" type="${2:string}">\n  $0\n</ResponseField>',
    markdown: 'custom',
    origin: 'spec',
  },

  // --- Media -----------------------------------------------------------------------------------
  {
    name: 'Frame',
    anchor: 'none',
    framesImages: true,
    description:
      'Bordered wrapper for an image or video, with an optional caption below and hint above. Wrap every image in one, and give the image descriptive alt text.',
    attributes: [
      { name: 'caption', type: 'string', description: 'Text centred under the content; Markdown such as links and bold is allowed.' },
      { name: 'hint', type: 'string', description: 'Short text shown above the frame.' },
    ],
    children: ['img', 'video', 'iframe'],
    snippet: 'Frame${1: caption="$2"}>\n  <img src="$3" alt="$4" />\n</Frame>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'img',
    description: 'HTML image. Always give it descriptive `alt` text; wrap it in `<Frame>` for a border and caption.',
    attributes: [
      { name: 'src', type: 'string', file: 'always', description: 'Image URL or project path.' },
      { name: 'alt', type: 'string', description: 'Text alternative describing the image for screen readers and search.' },
      { name: 'noZoom', type: 'boolean', description: 'Do not enlarge the image when it is clicked (use it for images inside links).' },
    ],
    selfClosing: true,
    openAttributes: true,
    snippet: 'img src="$1" alt="$2" />',
    inline: true,
    markdown: 'custom',
    origin: 'html',
  },
  {
    name: 'video',
    description:
      'HTML video element for self-hosted clips. Add `className="w-full aspect-video rounded-xl"` for full width, a 16:9 ratio and rounded corners; ' +
      'write JSX attribute names in camelCase (`autoPlay`, `playsInline`).',
    attributes: [
      { name: 'src', type: 'string', file: 'always', description: 'URL or project path of the video file.' },
      { name: 'controls', type: 'boolean', description: "Show the browser's playback controls." },
      { name: 'autoPlay', type: 'boolean', description: 'Start playing on load (browsers require `muted` for this).' },
      { name: 'muted', type: 'boolean', description: 'Start without sound.' },
      { name: 'loop', type: 'boolean', description: 'Restart when the end is reached.' },
      { name: 'playsInline', type: 'boolean', description: 'Play in place on mobile rather than full screen.' },
      { name: 'poster', type: 'string', file: 'always', description: 'Image shown before playback starts.' },
    ],
    openAttributes: true,
    snippet: 'video\n  controls\n  className="w-full aspect-video rounded-xl"\n  src="$1"\n></video>',
    markdown: 'custom',
    origin: 'html',
  },
  {
    name: 'iframe',
    description:
      'HTML inline frame for embedded players (e.g. YouTube) or other external content. ' +
      'Add `className="w-full aspect-video rounded-xl"` for full width, a 16:9 ratio and rounded corners, and a `title` for accessibility.',
    attributes: [
      { name: 'src', type: 'string', file: 'always', description: 'URL of the embedded page.' },
      { name: 'title', type: 'string', description: 'Accessible name of the embedded content.' },
      { name: 'allow', type: 'string', description: 'Permissions policy granted to the embedded page.' },
      { name: 'allowFullScreen', type: 'boolean', description: 'Let the embedded player go full screen.' },
    ],
    openAttributes: true,
    snippet: 'iframe\n  className="w-full aspect-video rounded-xl"\n  src="$1"\n  title="$2"\n  allowFullScreen\n></iframe>',
    markdown: 'custom',
    origin: 'html',
  },

  // --- Inline --------------------------------------------------------------------------------
  {
    name: 'Tooltip',
    anchor: 'none',
    description: 'Defines a term inline: the wrapped text shows an explanation on hover, optionally with a link.',
    attributes: [
      { name: 'tip', type: 'string', required: true, description: 'Explanation shown in the tooltip.' },
      { name: 'headline', type: 'string', description: 'Bold heading shown above the explanation.' },
      { name: 'cta', type: 'string', description: 'Text of a link inside the tooltip; needs `href`.' },
      { name: 'href', type: 'string', description: 'Target of the `cta` link.' },
      {
        name: 'side',
        type: 'enum',
        values: ['top', 'bottom', 'left', 'right', 'inline-start', 'inline-end'],
        default: 'top',
        description: 'Side of the text the tooltip opens on.',
      },
      { name: 'align', type: 'enum', values: ['start', 'center', 'end'], default: 'center', description: 'Alignment of the tooltip along that side.' },
    ],
    snippet: 'Tooltip tip="$1">$0</Tooltip>',
    inline: true,
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'Icon',
    anchor: 'none',
    description: 'Inline icon from the configured icon library, or an image used as an icon. Give either `icon` or `src`.',
    attributes: [
      {
        name: 'icon',
        type: 'any',
        file: 'if-path',
        description: 'Icon name from the configured library (Font Awesome, Lucide or Tabler), an icon URL, or inline SVG in `{…}`.',
      },
      { name: 'src', type: 'string', file: 'always', description: 'Path or URL of an image to use instead of a library icon.' },
      ICON_TYPE_ATTR,
      ICON_LIBRARY_ATTR,
      { name: 'color', type: 'string', description: 'Hex colour of the icon.' },
      { name: 'size', type: 'number', description: 'Icon size in pixels.' },
    ],
    selfClosing: true,
    snippet: 'Icon icon="$1" />',
    inline: true,
    markdown: 'drop',
    origin: 'builtin',
  },
  {
    name: 'Badge',
    anchor: 'none',
    description: 'Small inline label for a status, version or category.',
    attributes: [
      {
        name: 'color',
        type: 'enum',
        values: ['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple', 'white', 'surface', 'white-destructive', 'surface-destructive'],
        default: 'gray',
        description: 'Colour scheme of the badge.',
      },
      { name: 'size', type: 'enum', values: ['xs', 'sm', 'md', 'lg'], default: 'md', description: 'Size of the badge.' },
      { name: 'shape', type: 'enum', values: ['rounded', 'pill'], default: 'rounded', description: 'Corner style of the badge.' },
      {
        name: 'variant',
        type: 'enum',
        values: ['solid', 'outline'],
        default: 'solid',
        description: 'Filled background (`solid`) or an outline only (`outline`).',
      },
      ...iconAttrs('before the badge text'),
      { name: 'leadIcon', type: 'any', file: 'if-path', description: 'Icon shown before the badge text (same forms as `icon`).' },
      { name: 'tailIcon', type: 'any', file: 'if-path', description: 'Icon shown after the badge text (same forms as `icon`).' },
      ICON_LIBRARY_ATTR,
      { name: 'href', type: 'string', description: 'Page path or URL the badge links to.' },
      { name: 'stroke', type: 'boolean', default: 'false', description: 'Draw an outline instead of a filled background (same as `variant="outline"`).' },
      { name: 'disabled', type: 'boolean', default: 'false', description: 'Dim the badge to show it is inactive.' },
    ],
    snippet: 'Badge color="${1|gray,blue,green,yellow,orange,red,purple|}">$0</Badge>',
    inline: true,
    markdown: 'custom',
    origin: 'builtin',
  },
  {
    name: 'Heading',
    anchor: 'text',
    description: 'A heading written as a component, for example to leave out its anchor link; in Markdown prefer `##` headings.',
    attributes: [
      { name: 'level', type: 'number', required: true, description: 'Heading level, from 1 to 6 (`level={2}` is an H2).' },
      { name: 'noAnchor', type: 'boolean', default: 'false', description: 'Show no anchor link, and do not copy one when the heading is clicked.' },
    ],
    snippet: 'Heading level={${1:2}}>$0</Heading>',
    markdown: 'blocks',
    origin: 'builtin',
  },
  {
    name: 'Latex',
    anchor: 'none',
    description: 'Renders its text content as a LaTeX formula. Older syntax: current sites write `$…$` inline or `$$…$$` on its own line.',
    attributes: [],
    snippet: 'Latex>$0</Latex>',
    inline: true,
    markdown: 'children',
    origin: 'builtin',
  },

  // --- Trees -----------------------------------------------------------------------------------
  {
    name: 'Tree',
    anchor: 'none',
    description:
      'Collapsible file-and-folder tree, built from `<Tree.Folder>` and `<Tree.File>` or from a nested Markdown list. `<FileTree>` is the same component.',
    attributes: [],
    children: ['Tree.Folder', 'Tree.File'],
    snippet: 'Tree>\n  <Tree.Folder name="$1" defaultOpen>\n    <Tree.File name="$2" />\n  </Tree.Folder>\n</Tree>',
    markdown: 'children',
    origin: 'builtin',
  },
  {
    name: 'FileTree',
    anchor: 'dropped',
    description: 'Alias of `<Tree>`; often filled with a nested Markdown list where a trailing `/` marks a folder (leave blank lines around the list).',
    attributes: [],
    children: ['Tree.Folder', 'Tree.File'],
    snippet: 'FileTree>\n\n- ${1:folder}/\n  - ${2:file}\n\n</FileTree>',
    markdown: 'children',
    origin: 'builtin',
  },
  {
    name: 'Tree.Folder',
    description: 'A folder in a `<Tree>`, containing files and further folders.',
    attributes: [
      { name: 'name', type: 'string', required: true, description: 'Folder name shown in the tree.' },
      { name: 'defaultOpen', type: 'boolean', default: 'false', description: 'Start expanded.' },
      { name: 'openable', type: 'boolean', default: 'true', description: 'Whether the reader can expand and collapse it; `false` makes it static.' },
      { name: 'highlight', type: 'boolean', default: 'false', description: 'Mark the folder as the active item.' },
    ],
    parents: TREE_PARENTS,
    children: ['Tree.Folder', 'Tree.File'],
    snippet: 'Tree.Folder name="$1">\n  $0\n</Tree.Folder>',
    markdown: 'children',
    origin: 'builtin',
  },
  {
    name: 'Tree.File',
    description: 'A file in a `<Tree>`.',
    attributes: [
      { name: 'name', type: 'string', required: true, description: 'File name shown in the tree.' },
      { name: 'highlight', type: 'boolean', default: 'false', description: 'Mark the file as the active item.' },
    ],
    parents: TREE_PARENTS,
    selfClosing: true,
    snippet: 'Tree.File name="$1" />',
    markdown: 'children',
    origin: 'builtin',
  },

  // --- Colour palettes -------------------------------------------------------------------------
  {
    name: 'Color',
    anchor: 'none',
    description: 'Palette of colour swatches that readers can click to copy, as a compact strip or a table of rows.',
    attributes: [{ name: 'variant', type: 'enum', values: ['compact', 'table'], required: true, description: 'Layout of the palette.' }],
    children: ['Color.Item', 'Color.Row'],
    snippet: 'Color variant="${1|compact,table|}">\n  <Color.Item name="$2" value="$3" />\n</Color>',
    markdown: 'children',
    origin: 'builtin',
  },
  {
    name: 'Color.Row',
    description: 'Labelled row of swatches in a `<Color variant="table">` palette.',
    attributes: [{ name: 'title', type: 'string', description: 'Label of the row.' }],
    parents: ['Color'],
    children: ['Color.Item'],
    snippet: 'Color.Row title="$1">\n  <Color.Item name="$2" value="$3" />\n</Color.Row>',
    markdown: 'children',
    origin: 'builtin',
  },
  {
    name: 'Color.Item',
    description: 'One swatch of a `<Color>` palette.',
    attributes: [
      { name: 'name', type: 'string', description: 'Label of the swatch.' },
      { name: 'value', type: 'any', required: true, description: 'Any CSS colour, or `{{ light: "…", dark: "…" }}` for per-theme values.' },
    ],
    parents: ['Color', 'Color.Row'],
    selfClosing: true,
    snippet: 'Color.Item name="$1" value="$2" />',
    markdown: 'drop',
    origin: 'builtin',
  },

  // --- Conditional content -----------------------------------------------------------------
  {
    name: 'View',
    anchor: 'title',
    description: "Content shown only while the matching option of the page's multi-view selector (e.g. a language) is chosen. Use one per option per page.",
    attributes: [
      { name: 'title', type: 'string', required: true, description: 'Option of the view selector this content belongs to.' },
      ...iconAttrs('beside the option'),
    ],
    htmlAttributes: true,
    holdsPageContent: true,
    snippet: 'View title="$1">\n  $0\n</View>',
    markdown: 'children',
    origin: 'builtin',
  },
  {
    name: 'Visibility',
    anchor: 'dropped',
    description: 'Content shown only to people on the web page (`humans`) or only in the Markdown version read by AI agents (`agents`).',
    attributes: [{ name: 'for', type: 'enum', values: ['humans', 'agents'], required: true, description: 'Audience that sees the wrapped content.' }],
    holdsPageContent: true,
    snippet: 'Visibility for="${1|humans,agents|}">\n  $0\n</Visibility>',
    markdown: 'custom',
    origin: 'builtin',
  },

  // --- Other built-ins -----------------------------------------------------------------------
  {
    name: 'Prompt',
    anchor: 'dropped',
    hidesHeadings: true,
    description: 'Card holding a ready-made AI prompt (the children) that readers can copy or open in an editor.',
    attributes: [
      { name: 'description', type: 'string', required: true, description: 'Text shown on the card; Markdown allowed.' },
      { name: 'actions', type: 'expression', default: '["copy"]', description: 'Buttons offered, an array of `"copy"` and/or `"cursor"`.' },
      ...iconAttrs('on the card'),
    ],
    snippet: 'Prompt description="$1">\n$0\n</Prompt>',
    markdown: 'custom',
    origin: 'builtin',
  },
  {
    name: 'Update',
    anchor: 'label',
    hidesHeadings: true,
    description: 'One changelog entry; stack several on a page to build a changelog. Each entry gets an anchor and an RSS feed item.',
    attributes: [
      { name: 'label', type: 'string', required: true, description: 'Date or version shown beside the entry; also its anchor.' },
      { name: 'description', type: 'string', description: 'Secondary line under the label, such as the version number.' },
      { name: 'tags', type: 'expression', description: 'Array of tag strings, offered as filters.' },
      { name: 'rss', type: 'expression', description: 'Object `{ title, description }` replacing the generated RSS item text.' },
    ],
    htmlAttributes: true,
    holdsPageContent: true,
    snippet: 'Update label="$1" description="$2">\n  $0\n</Update>',
    markdown: 'custom',
    origin: 'spec',
  },
  {
    name: 'GitHub.Repo',
    description: 'Card linking to a public GitHub repository, showing its description and star and fork counts.',
    attributes: [
      { name: 'repo', type: 'string', description: 'Repository as `owner/name` or a full GitHub URL.' },
      { name: 'variant', type: 'enum', values: ['inset', 'flat'], default: 'inset', description: 'Card layout.' },
    ],
    selfClosing: true,
    snippet: 'GitHub.Repo repo="$1" />',
    markdown: 'drop',
    origin: 'builtin',
  },
  {
    name: 'Link',
    description: 'A link written as a component, like `[text](href)`: to a page of the site or an external URL.',
    attributes: [
      { name: 'href', type: 'string', required: true, description: 'Page path or URL the link opens.' },
      { name: 'target', type: 'string', description: 'Where the link opens, e.g. `_blank` for a new tab.' },
      { name: 'rel', type: 'string', description: 'Relationship of the linked page, e.g. `noopener`.' },
    ],
    openAttributes: true,
    snippet: 'Link href="$1">$0</Link>',
    inline: true,
    markdown: 'custom',
    origin: 'builtin',
  },
  {
    name: 'Mention',
    description:
      'Mentions a teammate (by email, shown by name on the published site) or a page of the site (a link to it). Give exactly one of `user` or `page`.',
    attributes: [
      { name: 'user', type: 'string', description: 'Email address of a member of the organization.' },
      { name: 'page', type: 'string', description: 'Path of the page to mention, such as `/quickstart`.' },
    ],
    exactlyOneOf: [['user', 'page']],
    selfClosing: true,
    snippet: 'Mention page="$1" />',
    inline: true,
    markdown: 'custom',
    origin: 'builtin',
  },
  ...ACCEPTED_BUILTINS.map(([name, description, anchor]): ComponentSpec => ({
    name,
    description,
    attributes: [],
    openAttributes: true,
    snippet: `${name}>$0</${name}>`,
    markdown: 'children',
    origin: 'builtin',
    ...(anchor ? { anchor } : {}),
  })),
  {
    name: 'Snippet',
    description: 'Older way to include a reusable file from the `snippets/` folder; current sites import the snippet and use it as a component.',
    attributes: [{ name: 'file', type: 'string', required: true, description: 'Path of the snippet file, relative to `snippets/`.' }],
    selfClosing: true,
    snippet: 'Snippet file="$1" />',
    markdown: 'custom',
    origin: 'builtin',
  },
];

const BY_NAME: ReadonlyMap<string, ComponentSpec> = new Map(COMPONENTS.map((c) => [c.name, c]));

/** The component of this exact (case-sensitive) name. */
export function findComponent(name: string): ComponentSpec | undefined {
  return BY_NAME.get(name);
}

export const COMPONENT_NAMES: readonly string[] = COMPONENTS.map((c) => c.name);

const BY_ROLE = new Map<ComponentRole, ReadonlySet<string>>();
/** The names of the components of a role (the catalogue's `role`): the one list of them. */
export function componentsOfRole(role: ComponentRole): ReadonlySet<string> {
  let names = BY_ROLE.get(role);
  if (!names) BY_ROLE.set(role, (names = new Set(COMPONENTS.filter((c) => c.role === role).map((c) => c.name))));
  return names;
}

/** Whether a set of component names holds one of a role. */
export function holdsRole(names: ReadonlySet<string>, role: ComponentRole): boolean {
  for (const name of componentsOfRole(role)) if (names.has(name)) return true;
  return false;
}

/** The values of an enum attribute of a catalogue component (empty when it has none). */
export function enumValues(component: string, attribute: string): readonly string[] {
  return BY_NAME.get(component)?.attributes.find((a) => a.name === attribute)?.values ?? [];
}

const namesWhere = (test: (c: ComponentSpec) => boolean): ReadonlySet<string> => new Set(COMPONENTS.filter(test).map((c) => c.name));

/** The components whose element id is made from their title, label or text when they have no `id` (`anchor`). */
export const TITLED_COMPONENTS = namesWhere((c) => c.anchor === 'title' || c.anchor === 'label' || c.anchor === 'text');

/** The components that render no element id of their own, whatever they are given (`anchor: 'none'`). */
export const ID_FREE_COMPONENTS = namesWhere((c) => c.anchor === 'none');

/**
 * The element names whose `id` attribute the format's link checker and components give no element
 * (`anchor` `none` or `dropped`), and `Popup`, which the format's list also holds though no page may
 * use it without importing it: a page's own component of that name gets no id either.
 */
export const COMPONENTS_WITHOUT_ID: ReadonlySet<string> = new Set([...namesWhere((c) => c.anchor === 'none' || c.anchor === 'dropped'), 'Popup']);

/** The components whose headings the table of contents leaves out (`hidesHeadings`). */
export const HEADING_HIDING_COMPONENTS = namesWhere((c) => c.hidesHeadings === true);

/** The components that present an image themselves (`framesImages`). */
export const IMAGE_FRAMING_COMPONENTS = namesWhere((c) => c.framesImages === true);
