// The floor's parse of one page, shared by the floor's child processes (floor-child.mjs,
// floor-threads.mjs): gray-matter, then remark-parse + remark-mdx over the content.
import matter from 'gray-matter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

export const floorParser = unified().use(remarkParse).use(remarkMdx);

/** The page's tree; null on an MDX syntax error (still counted as parsed). Broken front matter: the whole text is parsed. */
export function floorParse(text) {
  let content = text;
  try {
    content = matter(text, {}).content; // options object: bypasses gray-matter's cache
  } catch {
    // Broken front matter: parse the whole text.
  }
  try {
    return floorParser.parse(content);
  } catch {
    return null;
  }
}
