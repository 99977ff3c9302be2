// A raw node:http server that answers every request with one recorded answer of the shop (status,
// headers, body as sent, compressed): what sending that route's exact bytes costs on this machine with
// no shop behind it. The bench measures it beside the route, as the route's ceiling here.
import { createServer } from 'node:http';

type Recorded = { port: number; status: number; headers: Record<string, string>; body: string };

process.once('message', (recorded: Recorded) => {
  const body = Buffer.from(recorded.body, 'base64');
  createServer((_req, res) => {
    res.writeHead(recorded.status, recorded.headers);
    res.end(body);
  }).listen(recorded.port, '127.0.0.1', () => process.send?.('ready'));
});
