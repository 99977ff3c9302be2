// A local fake of the parts of Shippo's HTTP API the shop uses (POST /shipments/ with async:false,
// POST /transactions/ buying a rate as PDF_4x6; a return shipment with extra.is_return), with
// Shippo's answer and error shapes. `setDown(true)` makes every call fail as an outage does.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
export type ShippoRequest = { method: string; path: string; authorization: string | undefined; body: Json };

export async function startShippoFake(token = 'shippo_test_token') {
  const requests: ShippoRequest[] = [];
  const rates = new Map<string, Json & { shipment: string; provider: string }>();
  const shipments = new Map<string, Json>();
  let transactions = 0;
  let down = false;
  /** Rate ids whose purchase fails the way a carrier refuses (status ERROR with messages). */
  const refused = new Set<string>();
  const id = () => randomBytes(16).toString('hex');

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Json) : {};
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (down) return send(503, { detail: 'Service temporarily unavailable.' });
      if (req.headers.authorization !== `ShippoToken ${token}`) return send(401, { detail: 'Invalid token.' });
      if (req.method === 'POST' && path === '/shipments/') {
        const to = body.address_to as Json | undefined;
        const shipment = id();
        if (!to || to.zip === '00000') {
          return send(201, {
            object_id: shipment,
            status: 'SUCCESS',
            rates: [],
            messages: [{ source: 'USPS', code: 'AddressInvalid', text: 'The address to is not a valid address' }],
          });
        }
        const offered = [
          { provider: 'USPS', service: 'Priority Mail', token: 'usps_priority', amount: '9.35', days: 2 },
          { provider: 'USPS', service: 'Ground Advantage', token: 'usps_ground_advantage', amount: '5.4', days: 4 },
          { provider: 'UPS', service: 'Ground', token: 'ups_ground', amount: '11.20', days: 3 },
        ].map((r) => {
          const object_id = id();
          const rate = {
            object_id,
            shipment,
            amount: r.amount,
            currency: 'USD',
            provider: r.provider,
            provider_image_75: `https://shippo-static.s3.amazonaws.com/providers/75/${r.provider}.png`,
            servicelevel: { name: r.service, token: r.token },
            estimated_days: r.days,
          };
          rates.set(object_id, rate);
          return rate;
        });
        shipments.set(shipment, {
          object_id: shipment,
          status: 'SUCCESS',
          metadata: body.metadata ?? '',
          rates: offered,
        });
        return send(201, {
          object_id: shipment,
          status: 'SUCCESS',
          address_from: body.address_from,
          address_to: to,
          rates: offered,
          messages: [],
        });
      }
      let m: RegExpExecArray | null;
      if (req.method === 'GET' && (m = /^\/rates\/([^/]+)\/?$/.exec(path))) {
        const rate = rates.get(m[1]!);
        return rate ? send(200, rate) : send(404, { detail: 'Not found.' });
      }
      if (req.method === 'GET' && (m = /^\/shipments\/([^/]+)\/?$/.exec(path))) {
        const shipment = shipments.get(m[1]!);
        return shipment ? send(200, shipment) : send(404, { detail: 'Not found.' });
      }
      if (req.method === 'POST' && path === '/transactions/') {
        const rate = rates.get(String(body.rate));
        if (!rate) return send(400, { rate: [`Rate with object_id '${String(body.rate)}' does not exist.`] });
        if (refused.has(String(body.rate))) {
          return send(201, {
            object_id: id(),
            status: 'ERROR',
            tracking_number: '',
            label_url: '',
            messages: [{ source: rate.provider, code: '', text: 'The carrier account has insufficient postage' }],
          });
        }
        transactions += 1;
        const tracking = `9205590164917${String(transactions).padStart(9, '0')}`;
        return send(201, {
          object_id: id(),
          status: 'SUCCESS',
          rate: body.rate,
          tracking_number: tracking,
          tracking_url_provider: `https://tools.usps.com/go/TrackConfirmAction_input?origTrackNum=${tracking}`,
          label_url: `https://deliver.goshippo.com/${id()}.pdf`,
          messages: [],
        });
      }
      return send(404, { detail: 'Not found.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refuse: (rateId: string) => refused.add(rateId),
    setDown: (value: boolean) => {
      down = value;
    },
    get transactions() {
      return transactions;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
