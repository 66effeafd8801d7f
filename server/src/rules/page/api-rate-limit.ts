import type { Node, Parent } from 'unist';
import { toString } from 'mdast-util-to-string';
import { pageId } from '../../site/navigation';
import { ancestorsOf, nodesOf } from '../../pages/nodes';
import type { PageDocument } from '../../pages/parse';
import { isEndpointPage, pageSite } from '../page-utils';
import type { Fact } from '../../site/site-index';
import type { CrossPageRule } from '../types';

const RATE_LIMIT = /rate[- ]?limit/i;
const PER_UNIT = /\d[\d,.]*\s*(requests?|calls?|req)?\s*(per|\/|a|an|each)\s*(second|minute|hour|day|sec|min|s\b|m\b|h\b)/i;
/** A column of requests per period ("Requests per minute", "req/s", "RPM"): a rate limit by what it measures. */
const PER_PERIOD = /\b(requests?|calls?|req|queries)\s*(per|\/)\s*(second|minute|hour|day|sec|min|s|m|h)\b|\b(rpm|rps|rph|rpd|qps)\b/i;
/** A cell that names the period of a limit given in another cell ("1 minute", "per hour", "60 seconds"). */
const PERIOD_CELL = /^(?:per|each|a|an|\d+)?\s*(second|minute|hour|day|sec|min)s?$/i;
const NUMBER = /\d/;

/** The text of each row of a table (a Markdown table, or an HTML `<table>` written in the page), header first. */
function tableRows(table: Node): string[][] {
  return within(table, (n) => n.type === 'tableRow' || jsxName(n) === 'tr').map((row) =>
    within(row, (n) => n.type === 'tableCell' || jsxName(n) === 'th' || jsxName(n) === 'td').map((c) => toString(c).trim()),
  );
}

/** The outermost descendants of `node` that `is` picks, not entering a nested table (HTML cells written on one line sit in a paragraph). */
function within(node: Node, is: (n: Node) => boolean): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    for (const child of (n as Parent).children ?? []) {
      if (is(child)) out.push(child);
      else if (child.type !== 'table' && jsxName(child) !== 'table') visit(child);
    }
  };
  visit(node);
  return out;
}

function jsxName(node: Node): string | undefined {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement' ? ((node as Node & { name?: string | null }).name ?? undefined) : undefined;
}

/** The text before a table in its section: the blocks back to the nearest heading, and that heading. */
function leadIn(page: PageDocument, table: Node): string {
  const parent = ancestorsOf(page, table)[0];
  if (!parent) return '';
  const before: string[] = [];
  for (let i = parent.children.indexOf(table as Parent['children'][number]) - 1; i >= 0; i--) {
    const node = parent.children[i];
    before.push(toString(node));
    if (node.type === 'heading') break;
  }
  return before.join('\n');
}

/**
 * Whether a table states a rate limit: a row with a number and its period, read across the row's
 * cells and the column headers ("60" under "Requests per minute", "100" beside "1 minute"), in a table
 * about rate limits (it says so, or the text before it in its section does) or one that measures
 * requests per period.
 */
function tableStatesRate(page: PageDocument, table: Node): boolean {
  const [header = [], ...body] = tableRows(table);
  const about = RATE_LIMIT.test(header.join(' ')) || body.some((row) => row.some((cell) => RATE_LIMIT.test(cell))) || RATE_LIMIT.test(leadIn(page, table));
  return body.some((row) =>
    row.some((cell, i) => {
      if (!NUMBER.test(cell)) return false;
      const head = header[i] ?? '';
      if (PER_PERIOD.test(head) || PER_PERIOD.test(cell)) return true;
      if (!about) return false;
      return PER_UNIT.test(cell) || PER_UNIT.test(`${cell} ${head}`) || row.some((other, j) => j !== i && PERIOD_CELL.test(other));
    }),
  );
}

/** Whether a page documents an endpoint (the finding goes on the first one in navigation order). */
const ENDPOINT: Fact<boolean> = { key: 'endpoint', of: isEndpointPage };

/** Whether a page states a rate limit with numbers. */
export const RATE_STATED: Fact<boolean> = {
  key: 'rateLimit',
  of(p) {
    if (!RATE_LIMIT.test(p.text) && !PER_PERIOD.test(p.text)) return false;
    const paragraphs = p.text.split(/\n\s*\n/);
    if (paragraphs.some((para, i) => RATE_LIMIT.test(para) && (PER_UNIT.test(para) || PER_UNIT.test(paragraphs[i + 1] ?? '')))) return true;
    const tables = [...nodesOf(p, 'table'), ...nodesOf(p, 'mdxJsxFlowElement').filter((n) => jsxName(n) === 'table')];
    return tables.some((table) => tableStatesRate(p, table));
  },
};

export const RATE_FACTS = [ENDPOINT, RATE_STATED];

const OPENAPI_PAGE = '---\ntitle: "List notes"\ndescription: "List the notes of your account, newest first."\nopenapi: "GET /notes"\n---\n\n';

export const apiRateLimit: CrossPageRule<undefined> = {
  id: 'api-rate-limit',
  description: 'A site that documents an API states its rate limits with numbers.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'Readers need specific limits ("100 requests per minute") to design their clients. The rule looks at the whole site: if endpoint pages exist (front matter `api:`/`openapi:`, or request/response examples) and no page states a rate limit with a number and a period, it reports once, on the first endpoint page in the navigation. A limit may be stated in a sentence near the words "rate limit", or in a table (Markdown or HTML): a number read with its column header or another cell of its row (`60` under "Requests per minute", `100` beside "1 minute"), in a table about rate limits or one whose column measures requests per period.',
    bad: pageSite('## Notes\n\nLists the notes of your account.\n', { frontmatter: OPENAPI_PAGE }),
    good: pageSite('## Notes\n\nLists the notes of your account.\n\n## Rate limits\n\nEach key can make 100 requests per minute.\n', {
      frontmatter: OPENAPI_PAGE,
    }),
  },
  collect: () => undefined,
  check({ id, page, index, report }) {
    // Report only on the first endpoint page in navigation order, so the site gets one finding.
    const first = index.memo('api-rate-limit:first', () => {
      const endpoints = new Set<string>();
      for (const [candidate, endpoint] of index.everyFact(ENDPOINT)) if (endpoint) endpoints.add(candidate);
      return [...index.site.nav.entries.map((e) => pageId(e.page)), ...index.ids].find((candidate) => endpoints.has(candidate));
    });
    if (first !== id) return;
    const stated = index.memo('api-rate-limit:stated', () => [...index.everyFact(RATE_STATED)].some(([, yes]) => yes));
    if (stated) return;
    report({
      message:
        'No page of this site states the API\'s rate limits with numbers (for example "100 requests per minute"). Add them, on this page or an overview page.',
      range: page.frontmatter.range ? { start: page.frontmatter.range.start, end: { line: page.frontmatter.range.start.line, character: 3 } } : undefined,
    });
  },
};
