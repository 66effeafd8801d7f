import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
async function main() {
  const [site, ...flags] = process.argv.slice(2);
  const t = new StdioClientTransport({ command: process.execPath, args: ['/work/wt-mcp/bin/docwright.js', 'mcp', site, ...flags], stderr: 'inherit' });
  const c = new Client({ name: 'transcript', version: '1' });
  await c.connect(t);
  console.log('tools/list ->', (await c.listTools()).tools.map((x) => x.name).join(', '));
  const show = async (name: string, args: Record<string, unknown> = {}, max = 700) => {
    const r = await c.callTool({ name, arguments: args });
    const text = (r.content as { text: string }[])[0].text;
    console.log(
      `\n>>> tools/call ${name} ${JSON.stringify(args)}${r.isError ? '  [isError]' : ''}\n${text.slice(0, max)}${text.length > max ? '\n[... ' + (text.length - max) + ' more characters]' : ''}`,
    );
  };
  await show('check', { page: 'get_started/welcome.mdx' }, 1200);
  await show('check', {}, 400);
  await show('search', { query: 'broadcast transaction', limit: 3 });
  await show('page_markdown', { page: 'get_started/quick_start' }, 600);
  await show('navigation', {}, 500);
  await show('move', { from: 'get_started/quick_start.mdx', to: 'get_started/quickstart.mdx', dryRun: true }, 900);
  await show('move', { from: 'get_started/quick_start.mdx', to: 'get_started/quickstart.mdx' });
  await show('fix', { page: 'get_started/welcome.mdx' });
  await show('move', { from: 'get_started/welcome.mdx', to: '../../elsewhere.mdx', dryRun: true });
  await show('page_markdown', { page: '/etc/passwd' });
  await c.close();
}
main();
