// Which site files the export copies, and how. A file a static host serves as HTML, SVG or XML
// runs its scripts as the exported site's origin when opened directly, so only kinds hosts serve
// as images, fonts, media, PDF, archives or plain data are copied as they are; HTML (UTF-8 only)
// gets a policy that runs no script, before any byte of its own; SVG and XML are read with an XML
// parser and copied only when nothing in them could run script (an SVG that could becomes an SVG
// showing the original as an image); everything else is left out with a warning that says why.
import sax from 'sax';
import { SITE_HTML_CSP } from './document';
import { escapeHtml } from '../util/text';

/** Copied byte for byte: hosts (mime-db, nginx) serve these as images, fonts, media, PDF, archives or plain text/data. */
const VERBATIM = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'apng',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'mp4',
  'webm',
  'mov',
  'm4v',
  'ogv',
  'mp3',
  'wav',
  'ogg',
  'oga',
  'opus',
  'm4a',
  'aac',
  'flac',
  'vtt',
  'pdf',
  'json',
  'csv',
  'tsv',
  'txt',
  'yaml',
  'yml',
  'md',
  'zip',
  'gz',
  'tgz',
  'tar',
  'bz2',
  'xz',
  '7z',
  'docx',
  'xlsx',
  'pptx',
]);
/** Served as XML (mime-db's application/xml and +xml types): copied when nothing in them is active. */
const XML = new Set(['xml', 'xsl', 'xslt', 'xsd', 'rng', 'rss', 'atom']);
/** Why kinds that hosts serve as HTML, SVG or XML, or that run as script, are not copied. */
const REFUSED: Record<string, string> = {
  xhtml:
    'is an XHTML document, which hosts serve as XML, where no <meta> policy applies, so its scripts would run as the site (save it as .html to have it copied with a policy that runs no script)',
  svgz: 'is a compressed SVG, which hosts serve as SVG without the export being able to check it (save it uncompressed as .svg)',
  shtml: 'is served by hosts as HTML (server-side includes do not run on a static host; save it as .html)',
  js: "is a script, and the exported pages run only Docwright's own scripts",
  mjs: "is a script, and the exported pages run only Docwright's own scripts",
};
REFUSED.xht = REFUSED.xhtml;

/** How a site file is written: a transform answers the bytes to write, or why the file is left out. */
export type SiteFileTransform = (content: Uint8Array) => Uint8Array | { notCopied: string };

/**
 * How the export copies the site file `rel`: as it is (no transform), through a transform, or not
 * at all (`notCopied`: the warning).
 */
export function siteFileCopy(rel: string): { transform?: SiteFileTransform } | { notCopied: string } {
  const ext = /\.([^./]+)$/.exec(rel)?.[1].toLowerCase() ?? '';
  if (VERBATIM.has(ext)) return {};
  if (ext === 'html' || ext === 'htm') {
    return {
      transform: (content) => {
        const html = siteHtml(content);
        return 'notUtf8' in html
          ? {
              notCopied: `Site file ${rel} is HTML with ${html.notUtf8}: it is not copied, since a browser could read its policy as something else and run its scripts (save it as UTF-8).`,
            }
          : html.bytes;
      },
    };
  }
  if (ext === 'svg' || XML.has(ext)) {
    return {
      transform: (content) => {
        const active = activeXml(content);
        if (active === undefined) return content;
        if (ext === 'svg') return svgAsImage(content);
        return { notCopied: `Site file ${rel} is XML that could run script when opened (${active}): it is not copied.` };
      },
    };
  }
  const why =
    REFUSED[ext] ??
    (ext
      ? `is a .${ext} file, a kind the export does not copy, since hosts may serve it as HTML or XML, where it could run script as the site`
      : 'has no extension, so hosts may serve it as anything, HTML included');
  return {
    notCopied: `Site file ${rel} ${why}: it is not copied. The export copies images, fonts, audio and video, PDF, archives, plain data (JSON, CSV, text, YAML), HTML (with a policy that runs no script), and SVG and XML with nothing active.`,
  };
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Namespaces whose elements make a document a page of their own (HTML, MathML, XML Events). */
const ACTIVE_NS = new Set(['http://www.w3.org/1999/xhtml', 'http://www.w3.org/1998/Math/MathML', 'http://www.w3.org/2001/xml-events']);
/** Elements that run, embed or animate (an animation can set an href to script), in any namespace. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'handler',
  'listener',
  'iframe',
  'frame',
  'embed',
  'object',
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'set',
]);
/** The same names written anywhere after `<`, with any prefix: what the parser sees must not differ from what a browser sees. */
const ACTIVE_TAG = /<(?:[^\s<>/!?:=]+:)?(?:script|foreignobject|handler|listener|i?frame|embed|object|animate\w*|set)(?![\w.:-])/i;
/** An attribute named on…, with any prefix, written anywhere. */
const HANDLER = /[\s:]on[a-z]+\s*=/i;
const SCRIPT_URL = /(?:java|vb|live)script:/i;
/** Whitespace and controls, which URL parsers drop inside a scheme. */
const URL_SPACE = /[\s\p{Cc}]+/gu;

/** A control character other than tab and line breaks: NUL (UTF-16 or UTF-32 without a byte-order mark) and ESC (ISO-2022) among them. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
/** The decoded text of UTF-8 `content` (without its byte-order mark), or why it is not UTF-8 alone. */
function utf8Text(content: Uint8Array): { text: string } | { why: string } {
  if ((content[0] === 0xfe && content[1] === 0xff) || (content[0] === 0xff && content[1] === 0xfe)) return { why: 'UTF-16 text' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return { why: 'bytes that are not UTF-8' };
  }
  if (CONTROL.test(text)) return { why: 'control characters, or text in another encoding than UTF-8' };
  return { text };
}

/** The WHATWG labels of UTF-8, and ASCII (a subset of it and of the windows-1252 browsers read it as). */
const UTF8_LABEL = /^(?:utf-?8|unicode-1-1-utf-8|unicode11utf8|unicode20utf8|x-unicode20utf8|us-ascii|ascii)$/i;
/** `charset=` as a `<meta charset>` attribute or inside an http-equiv content type, with the value it names. */
const CHARSET = /charset\s*=\s*["']?\s*([^\s"'>;/]*)/gi;
/** Character references a value could spell `charset=...` with (the tag's attribute values are decoded by the browser). */
const REFERENCE = /&#x([0-9a-f]+);?|&#(\d+);?|&(equals|quot|apos|semi|colon|tab|newline);/gi;
const NAMED: Record<string, string> = { equals: '=', quot: '"', apos: "'", semi: ';', colon: ':', tab: '\t', newline: '\n' };

/** A doctype the export writes again itself (printable ASCII, bounded): the page keeps its rendering mode. */
const DOCTYPE =
  /^[\t\n\r ]*<!doctype[\t\n\r ]+html(?:[\t\n\r ]+(?:public[\t\n\r ]*"([ !#-&(-;=?-~]{0,256})"(?:[\t\n\r ]*"([ !#-&(-;=?-~]{0,256})")?|system[\t\n\r ]*"([ !#-&(-;=?-~]{0,256})"))?[\t\n\r ]*>/i;

/**
 * A site HTML file as the export writes it, or why it is not written. Only UTF-8 is: a file of
 * another encoding (UTF-16, an ISO-2022 escape, bytes that are not UTF-8) or that declares one
 * anywhere (`<meta charset>`, an http-equiv content type) could make the browser read the policy
 * as other text. What is written starts with the policy, before any byte of the file: a UTF-8
 * byte-order mark (no charset a host or the file declares overrides it), the file's doctype
 * written again from what it names (so the page keeps its mode), `<meta charset="utf-8">` and
 * the policy; then the file's own bytes after its doctype.
 */
export function siteHtml(content: Uint8Array): { bytes: Uint8Array } | { notUtf8: string } {
  const decoded = utf8Text(content);
  if ('why' in decoded) return { notUtf8: decoded.why };
  const text = decoded.text;
  const spelled = text.replace(REFERENCE, (m, hex?: string, dec?: string, name?: string) => {
    if (name !== undefined) return NAMED[name.toLowerCase()];
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return code < 0x80 ? String.fromCharCode(code) : m;
  });
  for (const source of text === spelled ? [text] : [text, spelled])
    for (const m of source.matchAll(CHARSET)) if (m[1] && !UTF8_LABEL.test(m[1])) return { notUtf8: `charset=${m[1]} in it, not UTF-8` };
  const doctype = DOCTYPE.exec(text);
  let head = '<!DOCTYPE html>';
  if (doctype?.[1] !== undefined) head = `<!DOCTYPE html PUBLIC "${doctype[1]}"${doctype[2] !== undefined ? ` "${doctype[2]}"` : ''}>`;
  else if (doctype?.[3] !== undefined) head = `<!DOCTYPE html SYSTEM "${doctype[3]}">`;
  const prefix = `\uFEFF${doctype ? head : ''}<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${SITE_HTML_CSP}">`;
  return { bytes: Buffer.from(prefix + text.slice(doctype ? doctype[0].length : 0), 'utf8') };
}

/**
 * Why an SVG or XML file opened directly could run script, or undefined when nothing in it can.
 * It must be UTF-8 (or ASCII) and well-formed; anything else counts as active.
 */
export function activeXml(content: Uint8Array): string | undefined {
  const decoded = utf8Text(content);
  if ('why' in decoded) return decoded.why;
  const text = decoded.text;
  const declared = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1];
  if (declared !== undefined && !/^(utf-?8|us-ascii|ascii)$/i.test(declared)) return `text declared as ${declared}, not UTF-8`;
  if (ACTIVE_TAG.test(text)) return 'a script, handler, frame, embedded object, animation or foreign object';
  if (HANDLER.test(text)) return 'an event handler attribute';
  let found: string | undefined;
  const parser = sax.parser(true, { xmlns: true });
  const flag = (why: string) => {
    found ??= why;
  };
  parser.onerror = (e) => {
    flag(`not well-formed XML: ${e.message.split('\n')[0]}`);
    throw e;
  };
  parser.onopentag = (t) => {
    if (ACTIVE_NS.has(t.uri)) flag(`an element of ${t.uri}`);
    if (ACTIVE_ELEMENTS.has(t.local.toLowerCase())) flag(`a ${t.local} element`);
  };
  parser.onattribute = (a) => {
    const tag = parser.tag;
    if (/^on/i.test(a.local)) flag(`an event handler attribute (${a.name})`);
    const value = a.value.replace(URL_SPACE, '');
    if (SCRIPT_URL.test(value)) flag(`a script URL in ${a.name}`);
    // data: URLs only as an image's source, where they show and never run.
    const image = tag.uri === SVG_NS && (tag.local === 'image' || tag.local === 'feImage') && a.local === 'href';
    if (/data:/i.test(value) && !(image && /^data:image\//i.test(value))) flag(`a data: URL in ${a.name}`);
  };
  parser.onprocessinginstruction = (pi) => {
    if (/^xml-stylesheet$/i.test(pi.name)) flag('a style sheet instruction (XSLT runs as the page)');
  };
  parser.ondoctype = (doctype) => {
    if (doctype.includes('[')) flag('a DTD with declarations (entities can hold markup)');
  };
  parser.onsgmldeclaration = () => flag('a DTD declaration');
  try {
    parser.write(text).close();
  } catch {
    // flagged by onerror
  }
  return found;
}

/**
 * An SVG that shows `content` as an image (which never runs script), with the original's size:
 * what the export writes for an SVG that could run script.
 */
export function svgAsImage(content: Uint8Array): Uint8Array {
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const root = /<svg\b([^>]*)>/.exec(bytes.toString('latin1'))?.[1] ?? '';
  const names = ['width', 'height', 'viewBox', 'preserveAspectRatio'];
  const size = names
    .map((name) => new RegExp(`\\s${name}\\s*=\\s*("([^"<&]*)"|'([^'<&]*)')`).exec(root))
    .map((m, i) => (m ? ` ${names[i]}="${escapeHtml(m[2] ?? m[3])}"` : ''))
    .join('');
  return Buffer.from(`<svg xmlns="${SVG_NS}"${size}><image width="100%" height="100%" href="data:image/svg+xml;base64,${bytes.toString('base64')}"/></svg>\n`);
}
