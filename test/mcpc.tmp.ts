import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
async function main() {
  const [site, ...flags] = process.argv.slice(2);
  const t = new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', '/tmp/mcpmain.ts', 'mcp', site, ...flags], stderr: 'inherit' });
  const c = new Client({ name: 't', version: '1' });
  await c.connect(t);
  const tools = await c.listTools();
  console.log(tools.tools.map((x) => x.name).join(', '));
  const show = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await c.callTool({ name, arguments: args });
    const text = (r.content as { text: string }[])[0].text;
    console.log(`\n>>> ${name} ${JSON.stringify(args)}${r.isError ? ' (isError)' : ''}\n${text.slice(0, 900)}${text.length > 900 ? '\n...' : ''}`);
  };
  await show('check', { page: 'introduction.mdx' });
  await show('navigation');
  await show('page_markdown', { page: 'quickstart' });
  await show('search', { query: 'authentication', limit: 3 });
  await show('move', { from: 'quickstart.mdx', to: '../x.mdx', dryRun: true });
  await show('move', { from: 'quickstart.mdx', to: 'start/quickstart.mdx' });
  await show('move', { from: 'quickstart.mdx', to: 'start/quickstart.mdx', dryRun: true });
  await show('fix', { page: 'introduction.mdx' });
  await c.close();
}
main();
