// The languages of API code examples as the format names them (mintlify/docs
// api-playground/overview.mdx, "All supported languages", at 3bbce7aa1): a display name, the key
// `api.examples.languages` takes, and its aliases. A spec's `x-codeSamples` language is read through it.
// Beside them, Docwright's own: the grammar a sample is highlighted with, and the HTTPSnippet target
// and client (@readme/httpsnippet) a generated example is written with, for the languages it does
// not write itself (render/api-examples.ts: cURL, Python, JavaScript, Rust, Dart); C++ gets libcurl's C.

export interface ApiLanguage {
  display: string;
  key: string;
  aliases: readonly string[];
  /** The highlighting grammar, when it is not the key. */
  grammar?: string;
  /** The HTTPSnippet target and client that write its generated example; none: none is generated. */
  snippet?: readonly [target: string, client: string];
}

export const API_LANGUAGES: readonly ApiLanguage[] = [
  { display: 'cURL', key: 'bash', aliases: ['curl', 'sh', 'shell'] },
  { display: 'Python', key: 'python', aliases: ['py'] },
  { display: 'JavaScript', key: 'javascript', aliases: ['js'] },
  { display: 'Node.js', key: 'node', aliases: ['nodejs', 'node.js'], grammar: 'javascript', snippet: ['node', 'fetch'] },
  { display: 'PHP', key: 'php', aliases: [], snippet: ['php', 'curl'] },
  { display: 'Go', key: 'go', aliases: ['golang'], snippet: ['go', 'native'] },
  { display: 'Java', key: 'java', aliases: [], snippet: ['java', 'unirest'] },
  { display: 'Ruby', key: 'ruby', aliases: ['rb'], snippet: ['ruby', 'native'] },
  { display: 'PowerShell', key: 'powershell', aliases: [], snippet: ['powershell', 'webrequest'] },
  { display: 'Swift', key: 'swift', aliases: [], snippet: ['swift', 'urlsession'] },
  { display: 'C#', key: 'csharp', aliases: ['c#'], snippet: ['csharp', 'httpclient'] },
  { display: '.NET', key: 'dotnet', aliases: ['.net', 'dot-net'], grammar: 'csharp', snippet: ['csharp', 'restsharp'] },
  { display: 'TypeScript', key: 'typescript', aliases: ['ts'], snippet: ['javascript', 'fetch'] },
  { display: 'C', key: 'c', aliases: [], snippet: ['c', 'libcurl'] },
  { display: 'C++', key: 'c++', aliases: ['cpp'], grammar: 'c', snippet: ['c', 'libcurl'] },
  { display: 'Kotlin', key: 'kotlin', aliases: ['kt'], snippet: ['kotlin', 'okhttp'] },
  { display: 'Rust', key: 'rust', aliases: ['rs'] },
  { display: 'Dart', key: 'dart', aliases: ['flutter'] },
];

const BY_NAME = new Map<string, ApiLanguage>();
for (const l of API_LANGUAGES) for (const name of [l.key, l.display, ...l.aliases]) BY_NAME.set(name.toLowerCase(), l);

/** The format's language a key, alias or display name stands for (any case); undefined for another language. */
export function apiLanguage(name: string): ApiLanguage | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

/** The generated examples when `api.examples.languages` says none. */
export const DEFAULT_EXAMPLE_LANGUAGES: readonly string[] = ['bash', 'javascript', 'python'];

/** The keys of the languages a written list names, in its order, each once; names the format does not know are left out. */
export function exampleLanguages(names: readonly string[] | undefined): string[] {
  if (!names) return [...DEFAULT_EXAMPLE_LANGUAGES];
  return [...new Set(names.flatMap((n) => apiLanguage(n)?.key ?? []))];
}
