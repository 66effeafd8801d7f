// The file globs of `.vale.ini` sections, matched as Vale matches them against a file's path
// (relative to the folder of `.vale.ini`): without `**`, `*` matches any characters, `/`
// included (so `[*.mdx]` is every page); with `**`, `*` stays within a folder and `**` spans
// folders. `?`, `[abc]`, `[!abc]` and `{a,b}` (nested globs allowed) as usual; a leading `!`
// negates the glob.

const MAX_GLOB = 1000;

function toSource(glob: string, segments: boolean): string {
  let out = '';
  let i = 0;
  const any = segments ? '[^/]' : '[\\s\\S]';
  const alternatives = (): string => {
    // After `{`: glob parts up to the matching `}`, split at top-level commas.
    const parts: string[] = [];
    let depth = 0;
    let start = i;
    for (; i < glob.length; i++) {
      const c = glob[i];
      if (c === '\\') i++;
      else if (c === '{') depth++;
      else if (c === '}') {
        if (depth === 0) break;
        depth--;
      } else if (c === ',' && depth === 0) {
        parts.push(glob.slice(start, i));
        start = i + 1;
      }
    }
    parts.push(glob.slice(start, i));
    i++;
    return `(?:${parts.map((p) => toSource(p, segments)).join('|')})`;
  };
  while (i < glob.length) {
    const c = glob[i++];
    if (c === '*') {
      if (segments && glob[i] === '*') {
        i++;
        // `**/` also matches no folder at all.
        if (glob[i] === '/') {
          i++;
          out += '(?:[\\s\\S]*/)?';
        } else out += '[\\s\\S]*';
      } else out += `${any}*`;
    } else if (c === '?') out += any;
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        let body = glob.slice(i, end);
        i = end + 1;
        if (body.startsWith('!')) body = '^' + body.slice(1);
        out += `[${body.replace(/\\(?!.)/g, '\\\\')}]`;
      }
    } else if (c === '{') out += alternatives();
    else if (c === '\\' && i < glob.length) out += glob[i++].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return out;
}

/** A matcher for a section's glob, or undefined when it cannot be read. */
export function valeGlob(pattern: string): ((path: string) => boolean) | undefined {
  if (pattern.length > MAX_GLOB) return undefined;
  let glob = pattern;
  const negated = glob.startsWith('!');
  if (negated) glob = glob.replace(/^!+/, '');
  try {
    const re = new RegExp(`^(?:${toSource(glob, glob.includes('**'))})$`);
    return (path) => re.test(path) !== negated;
  } catch {
    return undefined;
  }
}
