import { codeSecrets, pageFix, pageSite } from '../page-utils';
import type { PageRule } from '../types';

export const noSecrets: PageRule = {
  id: 'no-secrets',
  description: 'Code examples contain no real-looking keys, tokens or private keys.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'A key pasted into an example is published to everyone and stays in the repository history. Provider key formats, private keys, JSON Web Tokens and long random values assigned to key, token, secret or password names are reported; placeholders such as `<API_KEY>` pass. The quick fix replaces the value with a placeholder. If the key was real, revoke it as well.',
    bad: pageSite('## Authenticate\n\n```bash Terminal\nexport ACME_API_KEY="ak9Fq2LmZ7xR4tW8pV3nB6cY1hJ5dK0s"\n```\n'),
    good: pageSite('## Authenticate\n\n```bash Terminal\nexport ACME_API_KEY="<API_KEY>"\n```\n'),
  },
  check({ page, report }) {
    for (const { offset, secrets } of codeSecrets(page)) {
      for (const s of secrets) {
        const range = page.index.range(offset + s.start, s.end - s.start);
        report({
          message: `This looks like a real ${s.kind}. Examples must never contain real secrets: use a placeholder such as ${s.placeholder ?? '<PRIVATE_KEY>'}, and revoke the key if it was real.`,
          range,
          fixes: s.placeholder ? [pageFix(page, `Replace with ${s.placeholder}`, [{ range, newText: s.placeholder }], true)] : [],
        });
      }
    }
  },
};
