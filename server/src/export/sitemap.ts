// sitemap.xml and robots.txt. The sitemap protocol needs absolute URLs, so it is written only when
// the export knows where the site will live (`--base-url`); robots.txt then points at it.
import { escapeHtml } from '../util/text';

export function sitemapXml(baseUrl: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(new URL(p.split('/').map(encodeURIComponent).join('/'), baseUrl).toString())}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(baseUrl: string | undefined): string {
  const lines = ['User-agent: *', 'Allow: /'];
  if (baseUrl) lines.push('', `Sitemap: ${new URL('sitemap.xml', baseUrl).toString()}`);
  return lines.join('\n') + '\n';
}
