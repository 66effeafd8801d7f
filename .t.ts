import { readFileSync } from 'node:fs';
import { parsePage } from './server/src/pages/parse';
const raw = readFileSync('/tmp/fx-case.txt', 'utf8');
const lf = raw.replace(/\r/g, '');
for (const t of [lf, lf.replace(/\n/g, '\r\n')]) { const p = parsePage('/x.mdx', t); console.log(p.syntaxError?.message.slice(0, 150), JSON.stringify(p.syntaxError?.range)); }
const n = 3000;
for (const s of ['[a'.repeat(n), '('.repeat(n), 'x = ' + 'a => '.repeat(n) + 'a', 'x = ' + 'a ? a : '.repeat(n) + 'a', 'x = ' + 'new '.repeat(n) + 'a', '`${'.repeat(n), '{'.repeat(n), 'x = ' + '<a>'.repeat(n)]) {
  const p = parsePage('/x.mdx', 'export default function () {}\n' + s + '\n');
  console.log(s.slice(0, 8), p.syntaxError?.message.slice(0, 120));
  const q = parsePage('/x.mdx', 'Text {' + s + '}\n');
  console.log('  expr', q.syntaxError?.message.slice(0, 120));
}
// real nesting still fine
const ok = parsePage('/x.mdx', 'export const a = ' + '['.repeat(100) + ']'.repeat(100) + ';\n\n{' + '('.repeat(100) + '1' + ')'.repeat(100) + '}\n');
console.log('100 deep:', ok.syntaxError?.message ?? 'no error');
