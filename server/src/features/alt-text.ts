// The alt-text quick fix: where the writer types an image's alt text, as a snippet whose one
// placeholder holds the alt text there is (selected, to be typed over) or nothing. It writes no
// text of its own: a made-up description would silence the check and tell readers nothing.

export interface AltTextSnippet {
  /** Offsets of the text the snippet replaces. */
  start: number;
  end: number;
  /** A VS Code snippet. */
  snippet: string;
}

const escapeSnippet = (s: string) => s.replace(/[$}\\]/g, '\\$&');

/** For the image that starts at `start` of `text` (`![alt](src)` or `<img …>`), or undefined when it is neither. */
export function altTextSnippet(text: string, start: number): AltTextSnippet | undefined {
  if (text.startsWith('![', start)) {
    const close = text.indexOf('](', start + 2);
    const lineEnd = text.indexOf('\n', start);
    if (close < 0 || (lineEnd >= 0 && close > lineEnd)) return undefined;
    const alt = text.slice(start + 2, close);
    return { start: start + 2, end: close, snippet: `\${1:${escapeSnippet(alt)}}` };
  }
  const tag = /^<img\b[^>]*>/i.exec(text.slice(start, start + 4000));
  if (!tag) return undefined;
  const alt = /(\salt\s*=\s*)(["'])([^"']*)\2/i.exec(tag[0]);
  if (alt) {
    const valueStart = start + alt.index + alt[1].length + 1;
    return { start: valueStart, end: valueStart + alt[3].length, snippet: `\${1:${escapeSnippet(alt[3])}}` };
  }
  const at = start + '<img'.length;
  return { start: at, end: at, snippet: ' alt="$1"' };
}
