// The file names the format reads as Markdown pages and snippets: `.md` and `.mdx`, in any case. The
// one place the pattern is written (test/unit/page-files.test.ts fails on a copy elsewhere);
// site/site.ts isPageFile adds which of those files are pages.
const MARKDOWN_EXT = /\.(mdx|md)$/i;

/** Whether a path (or URI) names a Markdown file: `.md` or `.mdx`, in any case. */
export function isMarkdownFile(path: string): boolean {
  return MARKDOWN_EXT.test(path);
}

/** The path without its `.md`/`.mdx` extension (unchanged when it has neither). */
export function withoutMarkdownExt(path: string): string {
  return path.replace(MARKDOWN_EXT, '');
}

/** The `.md`/`.mdx` extension as written (`.MDX`), or '' when the path has neither. */
export function markdownExtOf(path: string): string {
  return MARKDOWN_EXT.exec(path)?.[0] ?? '';
}
