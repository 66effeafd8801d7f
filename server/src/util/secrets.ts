// Recognising real-looking secrets in code examples, and telling them from placeholders.

export interface SecretMatch {
  kind: string;
  /** Offsets of the secret within the scanned text. */
  start: number;
  end: number;
  /** The placeholder to show instead, or undefined when no simple replacement fits. */
  placeholder?: string;
}

const PROVIDERS: { kind: string; re: RegExp; placeholder?: string; entropy?: boolean }[] = [
  { kind: 'AWS access key', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, placeholder: '<AWS_ACCESS_KEY_ID>' },
  { kind: 'GitHub token', re: /\bgh[pousr]_[A-Za-z0-9]{36,}\b|\bgithub_pat_[A-Za-z0-9_]{60,}\b/g, placeholder: '<GITHUB_TOKEN>', entropy: true },
  { kind: 'Slack token', re: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, placeholder: '<SLACK_TOKEN>', entropy: true },
  { kind: 'Stripe live key', re: /\b[sr]k_live_[A-Za-z0-9]{20,}\b/g, placeholder: '<API_KEY>', entropy: true },
  { kind: 'API key', re: /\bsk-(?:proj-|ant-[a-z0-9]+-)?[A-Za-z0-9_-]{32,}\b/g, placeholder: '<API_KEY>', entropy: true },
  { kind: 'Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/g, placeholder: '<API_KEY>' },
  { kind: 'JSON Web Token', re: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g, placeholder: '<ACCESS_TOKEN>' },
  // Only with a body of real length after the header: "-----BEGIN PRIVATE KEY-----\n..." is a placeholder.
  { kind: 'private key', re: /-----BEGIN (?:(?:RSA|EC|DSA|OPENSSH|PGP|ENCRYPTED) )?PRIVATE KEY(?: BLOCK)?-----(?:\\n|\s)+[A-Za-z0-9+/=]{64,}/g },
];

/** A value assigned to a key/token/secret/password name: `apiKey = "…"`, `"token": "…"`. */
const ASSIGNED =
  /\b([A-Za-z_-]*(?:api[_-]?key|apikey|secret|token|password|passwd|access[_-]?key|private[_-]?key)[A-Za-z_-]*)["']?\s*[:=]\s*["']([A-Za-z0-9_\-+/=.]{20,})["']/gi;

/** Names that hold no secret despite the word "token": addresses, pagination and concurrency tokens, tokenizers (a model id), token URLs and limits. */
const NOT_SECRET_NAME =
  /(?:_address|address)$|^(?:change|next|continuation|page|pagination|sync|idempotency)[_-]?token$|tokeni[sz]er|^max[_-]?(?:new[_-]?)?tokens$|token[_-]?(?:url|uri|endpoint|type|count|limit)s?$/i;
/** Values that are public by design: blockchain addresses, analytics client keys. */
const PUBLIC_VALUE = /^0x[0-9a-fA-F]{40}$|^phc_/;

const PLACEHOLDER = /x{3,}|\.\.\.|your|example|placeholder|dummy|fake|sample|redacted|changeme|replace|goes[_-]?here|[_-]here$|<|>|\*{3,}|0{6,}|123456|abcdef/i;

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value) || /^(.)\1+$/.test(value);
}

function looksRandom(value: string): boolean {
  return /[A-Za-z]/.test(value) && /\d/.test(value) && entropy(value) >= 3.5 && !isPlaceholder(value);
}

export function findSecrets(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  const overlaps = (s: number, e: number) => found.some((f) => s < f.end && e > f.start);
  for (const p of PROVIDERS) {
    for (const m of text.matchAll(p.re)) {
      const value = m[0];
      if (p.kind !== 'private key' && isPlaceholder(value)) continue;
      if (p.entropy && entropy(value) < 3.5) continue;
      const start = m.index;
      if (!overlaps(start, start + value.length)) found.push({ kind: p.kind, start, end: start + value.length, placeholder: p.placeholder });
    }
  }
  for (const m of text.matchAll(ASSIGNED)) {
    const value = m[2];
    if (NOT_SECRET_NAME.test(m[1]) || PUBLIC_VALUE.test(value)) continue;
    const start = m.index + m[0].lastIndexOf(value);
    if (looksRandom(value) && !overlaps(start, start + value.length))
      found.push({ kind: 'secret value', start, end: start + value.length, placeholder: /token/i.test(m[0]) ? '<ACCESS_TOKEN>' : '<API_KEY>' });
  }
  return found.sort((a, b) => a.start - b.start);
}
