// Where the documentation of a finding's rule is, relative to the docs/ folder of the repository
// and of the installed extension: Docwright's rules each have docs/rules/<id>.md; the rules of a
// site's Vale styles (`Style.Rule`) have no page of their own, and link to docs/vale.md, which says
// how those styles run here and how to change or silence one of their rules.

/** A Vale rule's name: `Style.Rule` (Docwright's own ids hold no dot). */
export const isValeName = (id: string): boolean => /^[^.\s]+\.[^\s]+$/.test(id);

/** The page documenting `ruleId`, relative to docs/ with forward slashes (`rules/link-broken.md`, `vale.md`). */
export function ruleDocsPage(ruleId: string): string {
  return isValeName(ruleId) ? 'vale.md' : `rules/${ruleId}.md`;
}
