// Tailwind CSS v3 for the classes a page uses (customize/custom-scripts.mdx: pages style HTML
// elements with Tailwind v3 utilities). The tailwindcss library itself generates the CSS, from the
// class names of the rendered page as its `raw` content: a fresh JIT context per class set (a shared
// one accumulates every class it has seen, so output would depend on earlier pages), memoised by
// the set. Pure: preflight is off (it would restyle the site's chrome) and nothing is read from disk.
// The library is imported on first use, so sites without classes never initialise it.
import { BoundedMap } from '../util/memo';

/** Utilities apply inside the page body only, and win over the theme's content styles there. */
export const TAILWIND_SCOPE = '#content';
/** Classes of one page that go to Tailwind at most (a generated page could hold millions). */
const MAX_CLASSES = 5000;
const MAX_CLASS_LENGTH = 100;
const MEMO_SIZE = 256;

const memo = new BoundedMap<string, Promise<string>>(MEMO_SIZE);

/**
 * The class names Tailwind is asked about: not Docwright's own (`dw-`), and not arbitrary values
 * (`w-[350px]`), which the format documents as unsupported (the published site does not style them).
 */
export function tailwindCandidates(classes: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const c of classes) {
    if (out.size >= MAX_CLASSES) break;
    if (!c || c.length > MAX_CLASS_LENGTH || c.startsWith('dw-') || /[[\]\s<>"'`\\]/.test(c)) continue;
    out.add(c);
  }
  return [...out].sort();
}

/** The CSS Tailwind v3 generates for these classes ('' when none is a utility). */
export function tailwindCss(classes: Iterable<string>): Promise<string> {
  const candidates = tailwindCandidates(classes);
  if (candidates.length === 0) return Promise.resolve('');
  const key = candidates.join(' ');
  let css = memo.get(key);
  if (css === undefined) {
    css = generate(key);
    memo.set(key, css);
    // A failure is not kept: the next render tries again.
    css.catch(() => memo.delete(key));
  }
  return css;
}

let config: unknown;

async function generate(content: string): Promise<string> {
  const [{ default: postcss }, { default: processTailwindFeatures }, { createContext }, { default: resolveConfig }, { default: log }] = await Promise.all([
    import('postcss'),
    import('tailwindcss/lib/processTailwindFeatures.js'),
    import('tailwindcss/lib/lib/setupContextUtils.js'),
    import('tailwindcss/resolveConfig.js'),
    import('tailwindcss/lib/util/log.js'),
  ]);
  // Its notices (experimental flags, "no utilities found") are for a build's terminal, not a page render.
  Object.assign(log, { info() {}, warn() {}, risk() {} });
  config ??= resolveConfig({
    content: [{ raw: '' }],
    corePlugins: { preflight: false },
    // The theme's dark mode is the `dw-dark` class on the document (media/docwright.js).
    darkMode: ['class', '.dw-dark'],
    important: TAILWIND_SCOPE,
    // The `--tw-*` defaults only for the elements whose utilities read them, not on `*`.
    experimental: { optimizeUniversalDefaults: true },
  });
  const root = postcss.parse('@tailwind base;@tailwind components;@tailwind utilities;@tailwind variants;');
  const result = new postcss.Result(postcss(), root, {});
  const changed = [{ content, extension: 'html' }];
  await processTailwindFeatures(() => () => createContext(config, changed, root))(root, result);
  // Tailwind's scale is in rem of a 16 px root; the theme's root font is another size.
  root.walkDecls((d) => {
    if (d.value.includes('rem')) d.value = d.value.replace(/(-?(?:\d+\.?\d*|\.\d+))rem\b/g, (_, n: string) => `${+(Number(n) * 16).toFixed(4)}px`);
  });
  return root.toString();
}
