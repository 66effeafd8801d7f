// The languages of API code examples as the format names them (mintlify/docs
// api-playground/overview.mdx, "All supported languages", at 3bbce7aa1): a display name, the key
// `api.examples.languages` takes, and its aliases. A spec's `x-codeSamples` language is read through it.

export interface ApiLanguage {
  display: string;
  key: string;
  aliases: readonly string[];
}

export const API_LANGUAGES: readonly ApiLanguage[] = [
  { display: 'cURL', key: 'bash', aliases: ['curl', 'sh', 'shell'] },
  { display: 'Python', key: 'python', aliases: ['py'] },
  { display: 'JavaScript', key: 'javascript', aliases: ['js'] },
  { display: 'Node.js', key: 'node', aliases: ['nodejs', 'node.js'] },
  { display: 'PHP', key: 'php', aliases: [] },
  { display: 'Go', key: 'go', aliases: ['golang'] },
  { display: 'Java', key: 'java', aliases: [] },
  { display: 'Ruby', key: 'ruby', aliases: ['rb'] },
  { display: 'PowerShell', key: 'powershell', aliases: [] },
  { display: 'Swift', key: 'swift', aliases: [] },
  { display: 'C#', key: 'csharp', aliases: ['c#'] },
  { display: '.NET', key: 'dotnet', aliases: ['.net', 'dot-net'] },
  { display: 'TypeScript', key: 'typescript', aliases: ['ts'] },
  { display: 'C', key: 'c', aliases: [] },
  { display: 'C++', key: 'c++', aliases: ['cpp'] },
  { display: 'Kotlin', key: 'kotlin', aliases: ['kt'] },
  { display: 'Rust', key: 'rust', aliases: ['rs'] },
  { display: 'Dart', key: 'dart', aliases: ['flutter'] },
];

const BY_NAME = new Map<string, ApiLanguage>();
for (const l of API_LANGUAGES) for (const name of [l.key, l.display, ...l.aliases]) BY_NAME.set(name.toLowerCase(), l);

/** The format's language a key, alias or display name stands for (any case); undefined for another language. */
export function apiLanguage(name: string): ApiLanguage | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}
