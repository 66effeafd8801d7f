const acorn = require('acorn');
const opts = { ecmaVersion: 'latest', sourceType: 'module' };
const n = 3000;
const cases = { bracket: '[a'.repeat(n), paren: '('.repeat(n), bang: 'x = ' + '!'.repeat(n) + 'a', minus: 'x = ' + '- '.repeat(n) + 'a', typeof: 'x = ' + 'typeof '.repeat(n) + 'a', arrow: 'x = ' + 'a => '.repeat(n) + 'a', cond: 'x = ' + 'a ? a : '.repeat(n) + 'a', assign: 'a = '.repeat(n) + 'a', newnew: 'x = ' + 'new '.repeat(n) + 'a', await: 'x = async () => ' + 'await '.repeat(n) + 'a', spread: 'x = [' + '...'.repeat(1) + 'a]', tmpl: '`${'.repeat(n), jsx: '' , plus: 'x = a' + ' + a'.repeat(n), dot: 'x = a' + '.a'.repeat(n), call: 'x = a' + '()'.repeat(n), exp: 'x = a' + ' ** a'.repeat(n) };
for (const [k, s] of Object.entries(cases).filter(([k]) => k === process.argv[2])) { if (!s) continue; try { acorn.parse(s, opts); console.log(k, 'ok'); } catch (e) { console.log(k, e.message.slice(0, 60)); } }
