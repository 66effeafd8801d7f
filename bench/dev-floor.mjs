// The floor of `docwright dev`'s figures: the least any watch-and-reload server does. A plain
// node:http server started as a child that serves one file from disk as it is, and on fs.watch's
// event for it sends a Server-Sent Event. No rendering, no site model.
//   node bench/dev-floor.mjs <file>     prints "at http://127.0.0.1:<port>/" once it listens
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { watch } from 'node:fs';

const file = process.argv[2];
const clients = new Set();
watch(file, () => {
  for (const res of clients) res.write('event: change\ndata: {}\n\n');
});
const server = createServer(async (req, res) => {
  if (req.url.startsWith('/events')) {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('event: hello\ndata: {}\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(await readFile(file));
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`at http://127.0.0.1:${server.address().port}/\n`));
process.on('SIGINT', () => process.exit(0));
