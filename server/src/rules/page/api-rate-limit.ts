import { pageId } from '../../site/navigation';
import { isEndpointPage, pageSite } from '../page-utils';
import type { Fact } from '../../site/site-index';
import type { CrossPageRule } from '../types';

const RATE_LIMIT = /rate[- ]?limit/i;
const PER_UNIT = /\d[\d,.]*\s*(requests?|calls?|req)?\s*(per|\/|a|an|each)\s*(second|minute|hour|day|sec|min|s\b|m\b|h\b)/i;

/** Whether a page documents an endpoint (the finding goes on the first one in navigation order). */
const ENDPOINT: Fact<boolean> = { key: 'endpoint', of: isEndpointPage };

/** Whether a page states a rate limit with numbers. */
export const RATE_STATED: Fact<boolean> = {
  key: 'rateLimit',
  of(p) {
    if (!RATE_LIMIT.test(p.text)) return false;
    const paragraphs = p.text.split(/\n\s*\n/);
    return paragraphs.some((para, i) => RATE_LIMIT.test(para) && (PER_UNIT.test(para) || PER_UNIT.test(paragraphs[i + 1] ?? '')));
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
      'Readers need specific limits ("100 requests per minute") to design their clients. The rule looks at the whole site: if endpoint pages exist (front matter `api:`/`openapi:`, or request/response examples) and no page states a rate limit with a number and a period, it reports once, on the first endpoint page in the navigation.',
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
