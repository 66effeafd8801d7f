// `path` of the web build: Node's POSIX path (path-browserify), with the `win32.sep` that
// json-schema-ref-parser reads to tell Windows paths apart (never one in a browser).
import posix from 'path-browserify';

const path = { ...posix, posix, win32: { ...posix, sep: '\\' } };
export default path;
export const { basename, dirname, extname, join, normalize, relative, resolve, sep, isAbsolute, parse, format, delimiter } = posix;
export { posix };
export const win32 = path.win32;
