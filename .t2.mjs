import { readFileSync } from 'node:fs';
import { micromark } from 'micromark';
import { mdxjs } from 'micromark-extension-mdxjs';
const full = readFileSync('/tmp/fx-case.txt', 'utf8').replace(/\r/g, '');
const body = full.slice(full.indexOf('[a'));
const which = process.argv[2];
const cases = { full, body, esm: 'export default function () {}\n' + body, esmShort: 'export default function () {}\n' + '[a'.repeat(2000), plain: body };
const t = cases[which];
try { micromark(t, which === 'plain' ? {} : { extensions: [mdxjs()] }); console.log(which, 'ok'); } catch (e) { console.log(which, 'err', e.message.slice(0, 100)); }
