import { resolvedValue } from '../../config/refs';
import type { PageDocument } from '../../pages/parse';
import { buildSiteModel } from '../../site/model';
import type { SiteIndex } from '../../site/site-index';
import { isPlaceholder, type SecretMatch } from '../../util/secrets';
import { exampleSite, minimalConfig } from '../examples';
import { API_FRONTMATTER, codeSecrets, isApiPage, pageFix, pageSite } from '../page-utils';
import type { CrossPageRule, PageShell } from '../types';
import { obj } from '../../util/json';

/**
 * An `Authorization` header with a scheme and a value, as curl and raw HTTP write it
 * (`Authorization: Bearer x`) or as code sets it (`"Authorization": "Bearer x"`, f-strings,
 * template literals). Only known scheme words count, so `{ Authorization: token }` is left alone.
 */
const HEADER =
  /(["']?)Authorization\1\s*:\s*(?:[fF]?["'`])?(bearer|basic|token|key|apikey|api-key|jwt|digest|oauth|dpop|ssws)[ \t]+([^\s"'`\\,;)}\]][^\s"'`\\,;)]*)/gi;

type Scheme = 'bearer' | 'basic';
const SCHEME_WORD: Record<Scheme, string> = { bearer: 'Bearer', basic: 'Basic' };

/** What the site's API expects in the Authorization header. */
interface SiteAuth {
  /** Schemes the API accepts; undefined: the header is not the site's to judge (API key, cobo). */
  schemes?: Scheme[];
  /** Where that comes from, for the message. */
  source: string;
  /** Whether docs.json says so (the quick fix is then the preferred one). */
  configured: boolean;
  /** Whether the site documents an API at all (settings, OpenAPI files or API pages). */
  hasApi: boolean;
  /** Hosts of the site's API (base URLs, OpenAPI servers, `api:` front matter). */
  hosts: Set<string>;
}

function hostOf(url: string): string | undefined {
  const m = /^https?:\/\/([^/\s:?#"'`]+)/i.exec(url.trim());
  return m ? m[1].toLowerCase() : undefined;
}

function methodScheme(method: unknown): { schemes?: Scheme[] } | undefined {
  if (method === 'bearer' || method === 'basic') return { schemes: [method] };
  if (typeof method === 'string') return {}; // key, cobo, none: not an Authorization scheme we can judge
  return undefined;
}

function siteAuth(index: SiteIndex): SiteAuth {
  const config = index.site.config;
  const model = buildSiteModel(config);
  const hosts = new Set<string>();
  for (const url of model.api?.baseUrls ?? []) {
    const h = hostOf(url);
    if (h) hosts.add(h);
  }
  const files = index.site.openapi?.files ?? [];
  const fromSpecs = new Set<Scheme>();
  let specKeyInAuthorization = false;
  for (const file of files) {
    const doc = file.document;
    for (const server of Array.isArray(doc.servers) ? doc.servers : []) {
      const h = hostOf(String(obj(server)?.url ?? ''));
      if (h) hosts.add(h);
    }
    if (typeof doc.host === 'string') hosts.add(doc.host.toLowerCase().split(':')[0]);
    const schemes = obj(obj(doc.components)?.securitySchemes) ?? obj(doc.securityDefinitions) ?? {};
    for (const s of Object.values(schemes).map(obj)) {
      const scheme = typeof s?.scheme === 'string' ? s.scheme.toLowerCase() : undefined;
      if ((s?.type === 'http' && scheme === 'bearer') || s?.type === 'oauth2' || s?.type === 'openIdConnect') fromSpecs.add('bearer');
      else if ((s?.type === 'http' && scheme === 'basic') || s?.type === 'basic') fromSpecs.add('basic');
      else if (s?.type === 'apiKey' && s.in === 'header' && String(s.name).toLowerCase() === 'authorization') specKeyInAuthorization = true;
    }
  }
  let apiPages = false;
  let specPages = false;
  for (const [, fm] of index.everyFact(API_FRONTMATTER)) {
    if (!fm) continue;
    apiPages = true;
    if (fm.openapi !== undefined) specPages = true;
    const api = fm.api;
    const h = typeof api === 'string' ? hostOf(api.replace(/^\s*[A-Za-z]+\s+/, '')) : undefined;
    if (h) hosts.add(h);
  }
  const hasApi = !!model.api || files.length > 0 || apiPages;
  const value = config.generation === 'current' ? resolvedValue(config) : config.value;
  const method = config.generation === 'current' ? obj(obj(obj(value.api)?.mdx)?.auth)?.method : obj(obj(value.api)?.auth)?.method;
  const field = config.generation === 'current' ? 'api.mdx.auth.method' : 'api.auth.method';
  const configured = methodScheme(method);
  // What the site's OpenAPI files declare is accepted too: the API takes those schemes as well.
  if (configured?.schemes) {
    const schemes = [...new Set([...configured.schemes, ...fromSpecs])];
    const also =
      schemes.length > configured.schemes.length
        ? ', and the OpenAPI file declares ' +
          schemes
            .slice(1)
            .map((x) => SCHEME_WORD[x])
            .join(', ')
        : '';
    return { schemes, source: `${field} is "${String(method)}"${also}`, configured: true, hasApi, hosts };
  }
  if (configured) return { source: `${field} is "${String(method)}"`, configured: true, hasApi, hosts };
  if (specKeyInAuthorization) return { source: 'the OpenAPI file sends an API key in it', configured: false, hasApi, hosts };
  if (fromSpecs.size) return { schemes: [...fromSpecs], source: "the OpenAPI file's security schemes say so", configured: false, hasApi, hosts };
  // Pages generated from an OpenAPI file that was not loaded (the format finds it in the repository
  // when docs.json names none), or whose file declares no scheme: the playground's header is unknown.
  if (specPages) return { source: 'the OpenAPI file decides', configured: false, hasApi, hosts };
  // Nothing declares a scheme: the format has no default (the playground then sends no Authorization header), so the page's is not judged.
  return { source: `${field} is not set`, configured: false, hasApi, hosts };
}

/** The schemes this page's examples must use; undefined when the page is not judged. */
function pageAuth(page: PageShell, site: SiteAuth): { schemes: Scheme[]; source: string; configured: boolean } | undefined {
  const own = methodScheme(page.frontmatter.data.authMethod);
  if (own)
    return own.schemes
      ? { schemes: own.schemes, source: `the page's authMethod is "${String(page.frontmatter.data.authMethod)}"`, configured: true }
      : undefined;
  return site.schemes ? { schemes: site.schemes, source: site.source, configured: site.configured } : undefined;
}

/**
 * Whether a code block calls the site's own API: on an API page always; elsewhere when it names a
 * host of the site's API, or names no host at all on a site that documents an API.
 */
function callsSiteApi(source: string, page: PageShell, site: SiteAuth): boolean {
  if (isApiPage(page)) return true;
  const hosts = [...source.matchAll(/https?:\/\/[^\s"'`<>)]+/gi)].map((m) => hostOf(m[0])).filter((h): h is string => !!h);
  if (hosts.length === 0) return site.hasApi;
  return hosts.some((h) => site.hosts.has(h));
}

/**
 * Values that are fine after the scheme: a <PLACEHOLDER>, code that fills it in, or a name that
 * plainly is a placeholder (YOUR_API_KEY, your_jwt_token, ACCESS_TOKEN, mint_xxxx, token, accessToken).
 */
function acceptable(value: string): boolean {
  // A value cut short ("eyJhbGciOi...") is an elided example, not a usable credential.
  if (/(\.\.\.|…)$/.test(value)) return true;
  // Sequential or textbook sample values (`user_abc123`, `token_1234`) are examples, not credentials.
  if (/abc123|1234/i.test(value)) return true;
  return (
    /^<[^>]+>$/.test(value) ||
    /^[$%{+[]/.test(value) ||
    /^(process|os|env|config|settings)\b/.test(value) ||
    isPlaceholder(value) ||
    /^[A-Z][A-Z0-9_]*$/.test(value) ||
    namesCredential(value) ||
    // Words without digits (`token`, `test`, `accessToken`, `my-key`) name what goes there; issued credentials mix in digits.
    /^[A-Za-z][a-z]+(?:[-_]?[A-Z]?[a-z]{2,})*$/.test(value)
  );
}

/** A name of words, each with at most two digits (`user1-token`, `api_key`), one of which says it is a credential. */
function namesCredential(value: string): boolean {
  return /token|key|secret|jwt|credential|password/i.test(value) && value.split(/[-_]+/).every((part) => /^[a-z]*\d{0,2}$/i.test(part));
}

const curl = (header: string) => `## Authenticate\n\n\`\`\`bash Terminal\ncurl https://api.acme.example/v2/notes \\\n  -H "Authorization: ${header}"\n\`\`\`\n`;

/** The page's code blocks that may set an Authorization header (what the rule collects of the tree). */
function authCode(page: PageDocument): { source: string; offset: number; secrets: SecretMatch[] }[] {
  return codeSecrets(page)
    .filter((c) => /authorization/i.test(c.source))
    .map(({ source, offset, secrets }) => ({ source, offset, secrets }));
}

export const authHeader: CrossPageRule<ReturnType<typeof authCode>> = {
  id: 'auth-header',
  description: "Authentication examples show `Authorization: Bearer <API_KEY>`, with the scheme the site's API uses.",
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'Readers copy authentication examples. The authoring rules show the credential as a placeholder, `Authorization: Bearer <API_KEY>`, which makes plain what readers must replace. A value that looks like a real token (even a truncated one) is reported; names that plainly are placeholders (`YOUR_API_KEY`, `ACCESS_TOKEN`, `<token>`), words that say what goes there (`token`, `accessToken`, `user1-token`: no digits, or a credential word among words of at most two digits each) and values filled in by code (`$ACME_API_KEY`, `${token}`) are accepted; complete real-looking keys are reported by no-secrets.\n\n' +
      "The scheme must be the one the API playground sends: the page's `authMethod`, else `api.auth.method` (classic) or `api.mdx.auth.method` (current) of docs.json, else the security schemes of the site's OpenAPI files; when none of them names a scheme the format has no default, so the scheme is not judged (placeholders still are). A scheme the OpenAPI files declare is accepted too. An example with `Token` or `Basic` on a Bearer site shows readers a header the API refuses (or the playground sends the wrong one: then fix docs.json instead). Only examples that call the site's own API are judged: on API pages, blocks that name one of its hosts (base URL, OpenAPI servers, `api:` front matter), and blocks that name no host on a site that documents an API. API-key (`key`) and `cobo` methods leave the header alone.",
    bad: {
      ...exampleSite(minimalConfig(['example'], { api: { baseUrl: 'https://api.acme.example', auth: { method: 'bearer' } } }), []),
      'example.mdx': pageSite(curl('Token <API_KEY>'))['example.mdx'],
    },
    good: {
      ...exampleSite(minimalConfig(['example'], { api: { baseUrl: 'https://api.acme.example', auth: { method: 'bearer' } } }), []),
      'example.mdx': pageSite(curl('Bearer <API_KEY>'))['example.mdx'],
    },
  },
  collect: ({ page }) => authCode(page),
  check({ page, index, data, report }) {
    let site: SiteAuth | undefined;
    for (const { source, offset, secrets } of data) {
      for (const m of source.matchAll(HEADER)) {
        const scheme = m[2];
        const value = m[3];
        const valueStart = m.index + m[0].length - value.length;
        site ??= index.memo('auth-header:site', () => siteAuth(index));
        const expected = pageAuth(page, site);
        if (expected && !expected.schemes.includes(scheme.toLowerCase() as Scheme) && callsSiteApi(source, page, site)) {
          const word = SCHEME_WORD[expected.schemes[0]];
          const at = m.index + m[0].indexOf(scheme, m[0].toLowerCase().indexOf('authorization') + 'authorization'.length);
          const range = page.index.range(offset + at, scheme.length);
          report({
            message: `"Authorization: ${scheme}" uses the ${scheme} scheme, but the site's API expects ${expected.schemes.map((s) => SCHEME_WORD[s]).join(' or ')} (${expected.source}). Show "Authorization: ${word} <API_KEY>", or set the method in docs.json if the API really uses ${scheme}.`,
            range,
            fixes: [pageFix(page, `Use the ${word} scheme`, [{ range, newText: word }], expected.configured)],
          });
        }
        if (acceptable(value) || secrets.some((s) => s.start < valueStart + value.length && s.end > valueStart)) continue;
        const range = page.index.range(offset + valueStart, value.length);
        const placeholder = /token/i.test(value) ? '<ACCESS_TOKEN>' : '<API_KEY>';
        report({
          message: `"${value}" looks like a real credential: show it as a placeholder, "Authorization: ${scheme} ${placeholder}".`,
          range,
          fixes: [pageFix(page, `Replace with ${placeholder}`, [{ range, newText: placeholder }], true)],
        });
      }
    }
  },
};
