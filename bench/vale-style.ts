// A Vale setup for the benchmark's generated sites: `.vale.ini`, a vocabulary and a style `Bench` of
// 30 rules written for the bench (no site's style copied), mixing every rule type Docwright runs
// (existence, substitution, occurrence, repetition, consistency, conditional, capitalization,
// metric, spelling) over headings, paragraphs, sentences, lists, tables, titles and all text, with
// token lists the size a team's own style has. bench/run.ts --prose-only checks the site with it.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

export const VALE_INI = `StylesPath = styles
MinAlertLevel = suggestion
Vocab = Bench

[*.mdx]
BasedOnStyles = Vale, Bench
`;

/** The team's words: product names and terms (patterns, case-sensitive unless `(?i)`). */
const ACCEPT = [
  'Docwright',
  'GitHub',
  'GitLab',
  'JavaScript',
  'TypeScript',
  'Node.js',
  'OpenAPI',
  'OAuth',
  'webhook',
  'webhooks',
  'paginate',
  'paginated',
  '(?i)api',
  '(?i)sdks?',
  'JSON',
  'YAML',
  'cURL',
  'Kubernetes',
  'Terraform',
  'PagerDuty',
];

/** Rule files of the style, by name. */
export const BENCH_RULES: Record<string, string> = {
  Hedging: `extends: existence
message: "Say it plainly: drop '%s'."
level: warning
ignorecase: true
tokens:
  - appears to be
  - arguably
  - basically
  - essentially
  - more or less
  - sort of
  - kind of
  - somewhat
  - fairly
  - quite
  - rather
  - seems to
  - in some sense
  - to some extent
`,
  Simple: `extends: existence
message: "'%s' tells the reader it should be easy; show how instead."
level: suggestion
ignorecase: true
tokens:
  - simply
  - just
  - easy
  - easily
  - obviously
  - of course
  - clearly
  - trivial
  - straightforward
  - painless
`,
  Wordy: `extends: substitution
message: "Use '%s' instead of '%s'."
level: suggestion
ignorecase: true
action:
  name: replace
swap:
  in order to: to
  at this point in time: now
  is able to: can
  are able to: can
  make use of: use
  due to the fact that: because
  a number of: some
  prior to: before
  in the event that: if
  with regard to: about
  for the purpose of: to
  utilize: use
  leverage: use
  commence: start
  terminate: end
`,
  Terms: `extends: substitution
message: "Write '%s', not '%s'."
level: error
ignorecase: false
swap:
  '(?:web hook|web-hook)': webhook
  '(?:end point|end-point)': endpoint
  Javascript: JavaScript
  Typescript: TypeScript
  Github: GitHub
  '(?:e-mail|E-mail)': email
  dash board: dashboard
  'log-in': log in
  'set-up': set up
  Open API: OpenAPI
  '(?:Oauth|oAuth)': OAuth
  '(?:json|Json)': JSON
  '(?:yaml|Yaml)': YAML
`,
  Latin: `extends: substitution
message: "Use '%s' instead of '%s'."
level: warning
nonword: true
swap:
  '\\be\\.g\\.': for example
  '\\bi\\.e\\.': that is
  '\\betc\\.': and so on
  '\\bvs\\.': versus
  '\\bvia\\b': through
  '\\bviz\\.': namely
`,
  Inclusive: `extends: substitution
message: "Consider '%s' instead of '%s'."
level: warning
ignorecase: true
swap:
  blacklist: blocklist
  whitelist: allowlist
  master: main
  slave: replica
  sanity check: quick check
  dummy: placeholder
  manpower: workforce
  man-hours: person-hours
  guys: everyone
  he or she: they
  his or her: their
`,
  Contractions: `extends: substitution
message: "Use '%s' instead of '%s'."
level: suggestion
ignorecase: true
swap:
  do not: don't
  does not: doesn't
  cannot: can't
  is not: isn't
  are not: aren't
  will not: won't
  should not: shouldn't
  you are: you're
`,
  We: `extends: existence
message: "Write about the reader, not about us: '%s'."
level: suggestion
ignorecase: true
tokens:
  - we
  - we'll
  - we're
  - we've
  - our
  - ours
  - us
  - let's
`,
  FirstPerson: `extends: existence
message: "Avoid the first person singular ('%s')."
level: warning
nonword: true
tokens:
  - '(?:^|\\s)I(?=\\s)'
  - '(?i)\\bme\\b'
  - '(?i)\\bmy\\b'
  - '(?i)\\bmine\\b'
`,
  Will: `extends: existence
message: "Prefer the present tense to '%s'."
level: suggestion
ignorecase: true
tokens:
  - will
  - won't
  - "'ll"
  - going to
`,
  Passive: `extends: existence
message: "'%s' may be passive voice: say who acts."
level: suggestion
ignorecase: true
raw:
  - '\\b(?:am|are|were|being|is|been|was|be)\\b\\s*'
tokens:
  - '[a-z]+ed'
  - built
  - chosen
  - done
  - drawn
  - given
  - hidden
  - kept
  - known
  - made
  - run
  - sent
  - set
  - shown
  - taken
  - written
`,
  Exclamation: `extends: existence
message: "Keep exclamation points out of the docs."
level: error
nonword: true
action:
  name: edit
  params:
    - trim_right
    - "!"
tokens:
  - '\\w+!(?:\\s|$)'
`,
  Ellipses: `extends: existence
message: "Avoid ellipses ('%s')."
level: warning
nonword: true
tokens:
  - '\\.\\.\\.'
  - '…'
`,
  Ordinals: `extends: existence
message: "Spell out or drop the ordinal '%s'."
level: suggestion
nonword: true
tokens:
  - '\\b\\d+(?:st|nd|rd|th)\\b'
`,
  Units: `extends: existence
message: "Put a space between a number and its unit: '%s'."
level: warning
nonword: true
tokens:
  - '\\b\\d+(?:ms|MB|GB|KB|TB|px|s)\\b'
`,
  Dashes: `extends: existence
message: "Write an em dash without spaces around it."
level: suggestion
nonword: true
tokens:
  - '\\s—\\s'
  - '\\s--\\s'
`,
  HeadingPunctuation: `extends: existence
message: "Don't end a heading with '%s'."
level: warning
scope: heading
nonword: true
action:
  name: remove
tokens:
  - '[.:;!?]$'
`,
  ListStart: `extends: existence
message: "Start a list item with a capital letter."
level: suggestion
scope: list
nonword: true
tokens:
  - '^[a-z]'
`,
  OxfordComma: `extends: existence
message: "Use a comma before the last '%s' of a list."
level: suggestion
scope: sentence
nonword: true
tokens:
  - '(?:[^,\\s]+, )+[^,\\s]+ (?:and|or)\\b'
`,
  Headings: `extends: capitalization
message: "Use sentence case for '%s'."
level: warning
scope: heading
match: $sentence
indicators:
  - ":"
exceptions:
  - API
  - APIs
  - SDK
  - SDKs
  - GitHub
  - JavaScript
  - TypeScript
  - OpenAPI
  - OAuth
  - JSON
  - YAML
  - REST
  - URL
  - ID
`,
  PageTitles: `extends: capitalization
message: "Use title case for the page heading '%s'."
level: suggestion
scope: heading.h1
match: $title
style: AP
exceptions:
  - API
  - SDK
  - GitHub
  - OpenAPI
`,
  TableHeaders: `extends: capitalization
message: "Use sentence case in table headers: '%s'."
level: suggestion
scope: table.header
match: $sentence
exceptions:
  - API
  - ID
  - URL
`,
  SentenceLength: `extends: occurrence
message: "Try to keep sentences under 32 words (this one has %s)."
level: suggestion
scope: sentence
max: 32
token: '\\b(\\w+)\\b'
`,
  HeadingLength: `extends: occurrence
message: "Keep headings to 8 words or fewer."
level: warning
scope: heading
max: 8
token: '\\b(\\w+)\\b'
`,
  Repetition: `extends: repetition
message: "'%s' is repeated."
level: error
scope: heading
alpha: true
ignorecase: true
tokens:
  - '[^\\s]+'
`,
  Spellings: `extends: consistency
message: "Spell '%s' one way on a page."
level: warning
ignorecase: true
either:
  canceled: cancelled
  catalog: catalogue
  license: licence
  color: colour
  judgment: judgement
  adviser: advisor
  email: e-mail
  sign-in: signin
`,
  Acronyms: `extends: conditional
message: "Spell out '%s' the first time the page uses it."
level: suggestion
ignorecase: false
first: '\\b([A-Z]{3,5})\\b'
second: '(?:\\b[A-Z][a-z]+ )+\\(([A-Z]{3,5})\\)'
exceptions:
  - API
  - SDK
  - URL
  - JSON
  - YAML
  - HTTP
  - HTTPS
  - HTML
  - CSS
  - CLI
  - REST
  - GET
  - POST
  - PUT
  - PATCH
  - DELETE
  - UTC
  - TLS
  - DNS
  - SSO
`,
  Readability: `extends: metric
message: "Aim for a grade level of 12 or less (this page scores %s)."
link: https://example.com/style/readability
level: suggestion
formula: |
  (0.39 * (words / sentences)) + (11.8 * (syllables / words)) - 15.59
condition: "> 12"
`,
  ParagraphLength: `extends: metric
message: "Paragraphs average %s words: split the long ones."
level: suggestion
formula: words / paragraphs
condition: "> 90"
`,
  Spelling: `extends: spelling
message: "Did you really mean '%s'?"
level: warning
filters:
  - '[A-Z]{2,}s?'
  - '[a-z]+_[a-z]+'
exceptions:
  - frontmatter
  - changelog
  - dropdown
  - namespace
  - serverless
`,
};

/** The setup's files by path in the site: `.vale.ini`, the vocabulary, the style's rule files. */
export function valeStyleFiles(): Record<string, string> {
  const files: Record<string, string> = { '.vale.ini': VALE_INI, 'styles/config/vocabularies/Bench/accept.txt': ACCEPT.join('\n') + '\n' };
  for (const [name, text] of Object.entries(BENCH_RULES)) files[`styles/Bench/${name}.yml`] = text;
  return files;
}

/** Writes the setup into the site folder `dir`. */
export function writeValeStyle(dir: string): void {
  for (const [rel, text] of Object.entries(valeStyleFiles())) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
}
