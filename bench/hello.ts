// The baseline: a raw node:http hello world, measured in the same run as the shop.
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 3999);
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello world');
}).listen(port, '127.0.0.1', () => process.send?.('ready'));
