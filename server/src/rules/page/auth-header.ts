import { isPlaceholder } from '../../util/secrets';
import { codeSecrets, pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

const BEARER = /Authorization:\s*Bearer\s+([^\s"'`\\,;)]+)/g;

/**
 * Values that are fine after "Bearer ": a <PLACEHOLDER>, code that fills it in, or a name that
 * plainly is a placeholder (YOUR_API_KEY, your_jwt_token, ACCESS_TOKEN, mint_xxxx).
 */
function acceptable(value: string): boolean {
  // A value cut short ("eyJhbGciOi...") is an elided example, not a usable credential.
  if (/(\.\.\.|…)$/.test(value)) return true;
  return (
    /^<[^>]+>$/.test(value) ||
    /^[$%{+[]/.test(value) ||
    /^(process|os|env|config|settings)\b/.test(value) ||
    isPlaceholder(value) ||
    /^[A-Z][A-Z0-9_]*$/.test(value) ||
    /^[a-z][a-z_-]*(token|key|secret|jwt|credential)[a-z_-]*$/i.test(value)
  );
}

export const authHeader: PageRule = {
  id: 'auth-header',
  description: 'Authentication examples show `Authorization: Bearer <API_KEY>`.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'Readers copy authentication examples. The authoring rules show the credential as a placeholder, `Authorization: Bearer <API_KEY>`, which makes plain what readers must replace. A value that looks like a real token (even a truncated one) is reported; names that plainly are placeholders (`YOUR_API_KEY`, `ACCESS_TOKEN`) and values filled in by code (`$ACME_API_KEY`, `${token}`) are accepted; complete real-looking keys are reported by no-secrets.',
    bad: pageSite('## Authenticate\n\n```bash Terminal\ncurl https://api.acme.example/v2/notes \\\n  -H "Authorization: Bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc"\n```\n'),
    good: pageSite('## Authenticate\n\n```bash Terminal\ncurl https://api.acme.example/v2/notes \\\n  -H "Authorization: Bearer <API_KEY>"\n```\n'),
  },
  check({ page, report }) {
    for (const { source, offset, secrets } of codeSecrets(page)) {
      for (const m of source.matchAll(BEARER)) {
        const value = m[1];
        const start = m.index + m[0].length - value.length;
        if (acceptable(value) || secrets.some((s) => s.start < start + value.length && s.end > start)) continue;
        const range = page.index.range(offset + start, value.length);
        const placeholder = /token/i.test(value) ? '<ACCESS_TOKEN>' : '<API_KEY>';
        report({
          message: `"${value}" looks like a real credential: show it as a placeholder, "Authorization: Bearer ${placeholder}".`,
          range,
          fixes: [pageFix(page, `Replace with ${placeholder}`, [{ range, newText: placeholder }], true)],
        });
      }
    }
  },
};
