// Files a page embeds: Markdown images, `src`/`poster` of the HTML elements that show files (img,
// video, source, audio, iframe, embed, track, object `data`) and the attributes the component catalogue marks as files (Card `img`,
// Icon `src`, an `icon` written as a path). Links (`href`, Markdown links and definitions) are in
// links.ts. Computed once per parsed page.
import type { Node } from 'unist';
import { findComponent } from '../components/catalog';
import { isExternalUrl } from '../util/paths';
import { jsxAttributes } from './jsx';
import { findUrl } from './links';
import { nodesOf } from './nodes';
import type { PageDocument } from './parse';

export interface PageAsset {
  url: string;
  /** Where it was found: `image` (Markdown), or `<Card img>`, `<video src>`, …. */
  where: string;
  node: Node;
  /** Offset range of the URL text itself when known (for precise ranges and fixes). */
  urlOffset?: { start: number; end: number };
}

/** HTML elements that show a file to readers, by the attributes that name it (scripts and styles are not content). */
export const HTML_FILE_ATTRIBUTES: Record<string, string[]> = {
  img: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  source: ['src'],
  track: ['src'],
  iframe: ['src'],
  embed: ['src'],
  object: ['data'],
};
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|svg|ico|avif|bmp)$/i;

/** Whether an attribute value names a file of the site (an `icon` may also be a library icon name). */
function namesFile(value: string, ifPath: boolean): boolean {
  if (value.trim() === '' || isExternalUrl(value) || value.startsWith('#') || /[{}]/.test(value)) return false;
  return !ifPath || /^\.{0,2}\//.test(value) || IMAGE_FILE.test(value.split(/[?#]/)[0]);
}

const cache = new WeakMap<PageDocument, PageAsset[]>();

export function pageAssets(page: PageDocument): PageAsset[] {
  const cached = cache.get(page);
  if (cached) return cached;
  const found: PageAsset[] = [];
  for (const node of nodesOf(page, 'image', 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
    if (node.type === 'image' && 'url' in node) {
      const url = String(node.url);
      if (namesFile(url, false)) found.push({ url, where: 'image', node, urlOffset: findUrl(page, node, url) });
      continue;
    }
    const name = (node as { name?: string | null }).name;
    if (!name) continue;
    const html = Object.hasOwn(HTML_FILE_ATTRIBUTES, name) ? HTML_FILE_ATTRIBUTES[name] : [];
    const spec = findComponent(name);
    for (const attr of jsxAttributes(node, page.text)) {
      if (typeof attr.value !== 'string') continue;
      const file = spec?.attributes.find((a) => a.name === attr.name)?.file;
      const isFile = file !== undefined || html.includes(attr.name);
      if (isFile && namesFile(attr.value, file === 'if-path'))
        found.push({ url: attr.value, where: `<${name} ${attr.name}>`, node: attr.node, urlOffset: attr.valueOffset });
    }
  }
  cache.set(page, found);
  return found;
}
