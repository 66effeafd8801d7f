import { findSecrets, isPlaceholder } from '../../util/secrets';
import { codeSources, pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

const BEARER = /Authorization:\s*Bearer\s+([^\s"'`\\,;)]+)/g;

/** Values that are fine after "Bearer ": a <PLACEHOLDER>, or code that fills it in. */
function acceptable(value: string): boolean {
  return /^<[A-Z0-9_]+>$/i.test(value) || /^[$%{+]/.test(value) || /^(process|os|env)\b/.test(value);
}

export const authHeader: PageRule = {
  id: 'auth-header',
  description: 'Authentication examples show `Authorization: Bearer <API_KEY>`.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'Readers copy authentication examples. A bracketed placeholder such as `<API_KEY>` or `<ACCESS_TOKEN>` makes plain what they must replace, and is the format the authoring rules ask for. Values filled in by code (`$ACME_API_KEY`, `${token}`) are fine; real-looking keys are reported by no-secrets.',
    bad: pageSite('## Authenticate\n\n```bash Terminal\ncurl https://api.acme.example/v2/notes \\\n  -H "Authorization: Bearer YOUR_API_KEY"\n```\n'),
    good: pageSite('## Authenticate\n\n```bash Terminal\ncurl https://api.acme.example/v2/notes \\\n  -H "Authorization: Bearer <API_KEY>"\n```\n'),
  },
  check({ page, report }) {
    for (const { source, offset } of codeSources(page)) {
      const secrets = findSecrets(source);
      for (const m of source.matchAll(BEARER)) {
        const value = m[1];
        const start = m.index + m[0].length - value.length;
        if (acceptable(value) || secrets.some((s) => s.start < start + value.length && s.end > start)) continue;
        const range = page.index.range(offset + start, value.length);
        const placeholder = /token/i.test(value) ? '<ACCESS_TOKEN>' : '<API_KEY>';
        report({
          message: `Show the credential as a placeholder: "Authorization: Bearer ${placeholder}"${isPlaceholder(value) ? '' : ', not a value readers might mistake for a real one'}.`,
          range,
          fixes: [pageFix(page, `Replace with ${placeholder}`, [{ range, newText: placeholder }], true)],
        });
      }
    }
  },
};
