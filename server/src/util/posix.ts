// POSIX path arithmetic in plain JavaScript, the same results as node:path/posix, so that the core
// runs where Node's modules are not (the web extension's worker). Relative paths are taken from `/`
// (the core's paths are absolute or site-relative; Node would take them from the process's folder).
const SLASH = 47;
const DOT = 46;

/** `path` with `.` and `..` segments and repeated slashes resolved (Node's normalizeString). */
function normalizeString(path: string, allowAboveRoot: boolean): string {
  let res = '';
  let lastSegmentLength = 0;
  let lastSlash = -1;
  let dots = 0;
  let code = 0;
  for (let i = 0; i <= path.length; ++i) {
    if (i < path.length) code = path.charCodeAt(i);
    else if (code === SLASH) break;
    else code = SLASH;
    if (code === SLASH) {
      if (lastSlash === i - 1 || dots === 1) {
        // An empty or `.` segment.
      } else if (dots === 2) {
        if (res.length < 2 || lastSegmentLength !== 2 || res.charCodeAt(res.length - 1) !== DOT || res.charCodeAt(res.length - 2) !== DOT) {
          if (res.length > 2) {
            const lastSlashIndex = res.lastIndexOf('/');
            if (lastSlashIndex === -1) {
              res = '';
              lastSegmentLength = 0;
            } else {
              res = res.slice(0, lastSlashIndex);
              lastSegmentLength = res.length - 1 - res.lastIndexOf('/');
            }
            lastSlash = i;
            dots = 0;
            continue;
          } else if (res.length !== 0) {
            res = '';
            lastSegmentLength = 0;
            lastSlash = i;
            dots = 0;
            continue;
          }
        }
        if (allowAboveRoot) {
          res += res.length > 0 ? '/..' : '..';
          lastSegmentLength = 2;
        }
      } else {
        res += (res.length > 0 ? '/' : '') + path.slice(lastSlash + 1, i);
        lastSegmentLength = i - lastSlash - 1;
      }
      lastSlash = i;
      dots = 0;
    } else if (code === DOT && dots !== -1) {
      ++dots;
    } else {
      dots = -1;
    }
  }
  return res;
}

export function isAbsolute(path: string): boolean {
  return path.length > 0 && path.charCodeAt(0) === SLASH;
}

export function normalize(path: string): string {
  if (path.length === 0) return '.';
  const absolute = isAbsolute(path);
  const trailingSeparator = path.charCodeAt(path.length - 1) === SLASH;
  let out = normalizeString(path, !absolute);
  if (out.length === 0) return absolute ? '/' : trailingSeparator ? './' : '.';
  if (trailingSeparator) out += '/';
  return absolute ? `/${out}` : out;
}

export function join(...parts: string[]): string {
  const joined = parts.filter((p) => p.length > 0).join('/');
  return joined.length === 0 ? '.' : normalize(joined);
}

/** The absolute path of `parts` taken in turn from `/` (Node's resolve with `/` as the current folder). */
function resolve(...parts: string[]): string {
  let resolved = '';
  for (let i = parts.length - 1; i >= 0 && !isAbsolute(resolved); i--) {
    if (parts[i].length === 0) continue;
    resolved = resolved.length === 0 ? parts[i] : `${parts[i]}/${resolved}`;
  }
  return `/${normalizeString(resolved, false)}`;
}

export function relative(from: string, to: string): string {
  if (from === to) return '';
  const fromAbs = resolve(from);
  const toAbs = resolve(to);
  if (fromAbs === toAbs) return '';
  const fromStart = 1;
  const fromEnd = fromAbs.length;
  const fromLen = fromEnd - fromStart;
  const toStart = 1;
  const toLen = toAbs.length - toStart;
  const length = fromLen < toLen ? fromLen : toLen;
  let lastCommonSep = -1;
  let i = 0;
  for (; i < length; i++) {
    const fromCode = fromAbs.charCodeAt(fromStart + i);
    if (fromCode !== toAbs.charCodeAt(toStart + i)) break;
    else if (fromCode === SLASH) lastCommonSep = i;
  }
  if (i === length) {
    if (toLen > length) {
      // `from` is the exact base of `to`, or the root.
      if (toAbs.charCodeAt(toStart + i) === SLASH) return toAbs.slice(toStart + i + 1);
      if (i === 0) return toAbs.slice(toStart + i);
    } else if (fromLen > length) {
      // `to` is the exact base of `from`, or the root.
      if (fromAbs.charCodeAt(fromStart + i) === SLASH) lastCommonSep = i;
      else if (i === 0) lastCommonSep = 0;
    }
  }
  let out = '';
  for (i = fromStart + lastCommonSep + 1; i <= fromEnd; ++i) {
    if (i === fromEnd || fromAbs.charCodeAt(i) === SLASH) out += out.length === 0 ? '..' : '/..';
  }
  return `${out}${toAbs.slice(toStart + lastCommonSep)}`;
}

export function dirname(path: string): string {
  if (path.length === 0) return '.';
  const hasRoot = path.charCodeAt(0) === SLASH;
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 1; --i) {
    if (path.charCodeAt(i) === SLASH) {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else {
      matchedSlash = false;
    }
  }
  if (end === -1) return hasRoot ? '/' : '.';
  if (hasRoot && end === 1) return '//';
  return path.slice(0, end);
}

export function basename(path: string): string {
  let start = 0;
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 0; --i) {
    if (path.charCodeAt(i) === SLASH) {
      if (!matchedSlash) {
        start = i + 1;
        break;
      }
    } else if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
  }
  return end === -1 ? '' : path.slice(start, end);
}

export function extname(path: string): string {
  let startDot = -1;
  let startPart = 0;
  let end = -1;
  let matchedSlash = true;
  // The state of characters, if any, before the first dot and after any slash before it.
  let preDotState = 0;
  for (let i = path.length - 1; i >= 0; --i) {
    const code = path.charCodeAt(i);
    if (code === SLASH) {
      if (!matchedSlash) {
        startPart = i + 1;
        break;
      }
      continue;
    }
    if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
    if (code === DOT) {
      if (startDot === -1) startDot = i;
      else if (preDotState !== 1) preDotState = 1;
    } else if (startDot !== -1) {
      preDotState = -1;
    }
  }
  if (startDot === -1 || end === -1 || preDotState === 0 || (preDotState === 1 && startDot === end - 1 && startDot === startPart + 1)) {
    return '';
  }
  return path.slice(startDot, end);
}
