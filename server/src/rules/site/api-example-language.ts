import { at, isArray, isString } from '../../config/ast';
import { API_LANGUAGES, apiLanguage } from '../../openapi/languages';
import { nearest } from '../../util/suggest';
import { configFix, replaceNode } from '../edits';
import { exampleSite } from '../examples';
import type { SiteRule } from '../types';

const CONFIG = (languages: string[]) => ({
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#0D6E4F' },
  navigation: { groups: [{ group: 'Get started', pages: ['introduction'] }] },
  api: { examples: { languages } },
});

const NAMES = API_LANGUAGES.flatMap((l) => [l.key, ...l.aliases]);

export const apiExampleLanguage: SiteRule = {
  id: 'api-example-language',
  description: '`api.examples.languages` names languages the format generates examples in.',
  severity: 'warning',
  fixable: true,
  docs: {
    rationale:
      'API pages show a generated request example in each language `api.examples.languages` lists, in its order. The format knows 18 languages by key or alias (api-playground/overview.mdx: `bash` or `curl`, `python`, `javascript`, `node`, `php`, `go`, `java`, `ruby`, `powershell`, `swift`, `csharp`, `dotnet`, `typescript`, `c`, `c++`, `kotlin`, `rust`, `dart`); a name it does not know gives no example, with no error at build time.',
    bad: exampleSite(CONFIG(['curl', 'pyhton']), ['introduction']),
    good: exampleSite(CONFIG(['curl', 'python']), ['introduction']),
  },
  check({ site, report }) {
    if (site.config.generation !== 'current') return;
    const list = at(site.config.root, 'api', 'examples', 'languages');
    if (!isArray(list)) return;
    for (const item of list.items) {
      if (!isString(item) || apiLanguage(item.value)) continue;
      const near = nearest(item.value.trim(), NAMES);
      report({
        node: item,
        message: `"${item.value}" is not a language the format generates API examples in, so it gives none${near ? `: did you mean "${near}"?` : '.'}`,
        ...(near && { fixes: [configFix(site.config, `Use "${near}"`, [replaceNode(site.config, item, JSON.stringify(near))], true)] }),
      });
    }
  },
};
