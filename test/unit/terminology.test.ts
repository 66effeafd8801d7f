// The team's terms (.docwright.json `terms`): rejected words in prose anywhere on a page, inside
// components too, with a fix in the case of the word; never in code, URLs, front matter or
// attributes; accepted terms and the replacement itself stay quiet.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageSite } from '../../server/src/rules/page-utils';
import { readProjectConfig } from '../../server/src/site/project-config';
import { MemoryWorkspace } from '../../server/src/workspace';
import { applyFix, check, ROOT } from '../helpers';

const TERMS = { terms: { reject: { 'e-mail': 'email', github: 'GitHub', 'log in': 'sign in' }, accept: ['E-Mail Gateway'] } };
const site = (body: string, config: unknown = TERMS) => pageSite(body, { extra: { '.docwright.json': JSON.stringify(config) } });
const found = async (body: string, config?: unknown) => (await check(site(body, config))).filter((f) => f.ruleId === 'terminology').map((f) => f.message);

describe('terminology', () => {
  it('reports rejected terms in paragraphs, headings, lists, tables and components', async () => {
    const body =
      '## Log in with e-mail\n\nSend an E-mail.\n\n- Push to Github\n\n| A |\n|---|\n| e-mail |\n\n<Note>\n  Then log in again.\n</Note>\n\n<Card title="x">\n  Check your e-mail.\n</Card>\n';
    assert.deepEqual(await found(body), [
      'Write "Sign in", not "Log in" (the team\'s terms in .docwright.json).',
      'Write "email", not "e-mail" (the team\'s terms in .docwright.json).',
      'Write "Email", not "E-mail" (the team\'s terms in .docwright.json).',
      'Write "GitHub", not "Github" (the team\'s terms in .docwright.json).',
      'Write "email", not "e-mail" (the team\'s terms in .docwright.json).',
      'Write "sign in", not "log in" (the team\'s terms in .docwright.json).',
      'Write "email", not "e-mail" (the team\'s terms in .docwright.json).',
    ]);
  });

  it('stays quiet on code, URLs, attributes, front matter, parts of words, the replacement and accepted terms', async () => {
    const body =
      'Use `e-mail` in code.\n\n```bash\ngit push github e-mail\n```\n\nSee [GitHub](https://github.com/e-mail).\n\n<Card title="e-mail">GitHub and the E-Mail Gateway.</Card>\n\nA re-e-mailer is a word of its own, and so is githubber.\n';
    assert.deepEqual(await found(body), []);
    const fm = pageSite('Text.\n', {
      frontmatter: '---\ntitle: "Send an e-mail"\ndescription: "How to log in."\n---\n\n',
      extra: { '.docwright.json': JSON.stringify(TERMS) },
    });
    assert.deepEqual(
      (await check(fm)).filter((f) => f.ruleId === 'terminology'),
      [],
    );
  });

  it('checks nothing without terms, and ignores entries that are not terms', async () => {
    assert.deepEqual(await found('Send an e-mail.\n', {}), []);
    assert.deepEqual(await found('Send an e-mail.\n', { terms: { reject: { 'e-mail': 3, '': 'x' }, accept: [1] } }), []);
    assert.deepEqual(readProjectConfig('{ not json').terms.reject.size, 0);
  });

  it('fixes a term in the case it was written', async () => {
    const ws = new MemoryWorkspace(site('E-mail us, or e-mail the team.\n'), ROOT);
    const findings = (await check(ws)).filter((f) => f.ruleId === 'terminology');
    assert.equal(findings.length, 2);
    applyFix(ws, findings[0].fixes![0]);
    const again = (await check(ws)).filter((f) => f.ruleId === 'terminology');
    applyFix(ws, again[0].fixes![0]);
    assert.match(ws.files.get(`${ROOT}/example.mdx`)!, /Email us, or email the team\./);
    assert.deepEqual(
      (await check(ws)).filter((f) => f.ruleId === 'terminology'),
      [],
    );
  });
});
