import { describe, expect, it } from 'vitest';
import { carrierTracking, safeHttpUrl } from './carrier-tracking.js';

describe('carrierTracking', () => {
  it('knows UPS, USPS, FedEx and DHL by their numbers', () => {
    expect(carrierTracking('1Z999AA10123456784', null, null)).toEqual({
      carrier: 'UPS',
      url: 'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784',
    });
    expect(carrierTracking('9400 1000 0000 0000 0000 00', null, null)).toEqual({
      carrier: 'USPS',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    });
    expect(carrierTracking('EC123456789US', null, null).carrier).toBe('USPS');
    expect(carrierTracking('123456789012', null, null).carrier).toBe('FedEx');
    expect(carrierTracking('1234567890', null, null).carrier).toBe('DHL');
  });

  it("takes the label's carrier name first", () => {
    expect(carrierTracking('ABC123', 'USPS', 'https://labels.example/t/ABC123')).toEqual({
      carrier: 'USPS',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=ABC123',
    });
  });

  it('keeps a stored address of an unknown carrier, named by its site, over a plain-digit guess', () => {
    expect(carrierTracking('1234567890', null, 'https://www.parcels.example/t?n=1')).toEqual({
      carrier: 'parcels.example',
      url: 'https://www.parcels.example/t?n=1',
    });
  });

  it('never passes a script address, and has no link without a number or address', () => {
    expect(carrierTracking('XYZ', null, 'javascript:alert(1)')).toEqual({ carrier: null, url: null });
    expect(carrierTracking(null, null, null)).toEqual({ carrier: null, url: null });
    expect(safeHttpUrl('data:text/html,<b>')).toBeNull();
  });

  it('encodes the number into the address', () => {
    expect(carrierTracking('A&B<1>', 'DHL', null).url).toContain('tracking-id=A%26B%3C1%3E');
  });
});
