import { nodesOf } from '../../pages/nodes';
import { isJsxElement } from '../../pages/jsx';
import { documentsEndpoint, pageSite } from '../page-utils';
import type { PageRule } from '../types';
import { componentsOfRole } from '../../components/catalog';

export const apiExamplesPlacement: PageRule = {
  id: 'api-examples-placement',
  description: '`<RequestExample>` and `<ResponseExample>` appear only on API endpoint pages.',
  severity: 'warning',
  fixable: false,
  docs: {
    rationale:
      'Request and response examples are pinned beside the content of an endpoint page. On other pages they float away from the text they belong to; use `<CodeGroup>` there. An endpoint page names its endpoint in front matter (`api:` or `openapi:`) or documents parameters and fields with `<ParamField>`/`<ResponseField>`.',
    bad: pageSite('## Install\n\n<RequestExample>\n\n```bash Terminal\nnpm install @acme/notes\n```\n\n</RequestExample>\n'),
    good: pageSite('## Install\n\n<CodeGroup>\n\n```bash npm\nnpm install @acme/notes\n```\n\n```bash yarn\nyarn add @acme/notes\n```\n\n</CodeGroup>\n'),
  },
  check({ page, report }) {
    if (documentsEndpoint(page)) return;
    for (const node of nodesOf(page, 'mdxJsxFlowElement', 'mdxJsxTextElement')) {
      if (isJsxElement(node) && node.name && componentsOfRole('api-example').has(node.name)) {
        report({ message: `<${node.name}> belongs on API endpoint pages; use <CodeGroup> on other pages.`, node });
      }
    }
  },
};
