import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitLines, renderLabelPdf } from './label-pdf.js';

let bold: Awaited<ReturnType<PDFDocument['embedFont']>>;
beforeAll(async () => {
  bold = await (await PDFDocument.create()).embedFont(StandardFonts.HelveticaBold);
});

const SHIP_TO_BOX = { size: 12, minSize: 7, maxWidth: 248, maxHeight: 82 };
const LONG_ADDRESS = [
  'ALEXANDRA CONSTANTINOPOULOS-WHITMORE',
  '1600 PENNSYLVANIA AVENUE NORTHWEST',
  'SUITE 1200, ATTN RECEIVING DOCK B',
  'RANCHO SANTA MARGARITA HEIGHTS, CA 92688-1234',
  'UNITED STATES',
];

describe('fitLines (label address blocks)', () => {
  it('keeps every word of a long address, each line within the box, the block within its height', () => {
    const { size, lines } = fitLines(LONG_ADDRESS, bold, SHIP_TO_BOX);
    expect(lines.join(' ').split(/\s+/)).toEqual(LONG_ADDRESS.join(' ').split(/\s+/));
    for (const line of lines) expect(bold.widthOfTextAtSize(line, size)).toBeLessThanOrEqual(SHIP_TO_BOX.maxWidth);
    expect((lines.length - 1) * size * 1.2 + size).toBeLessThanOrEqual(SHIP_TO_BOX.maxHeight);
    // Each part of the address keeps its own line: the type got smaller instead.
    expect(lines).toEqual(LONG_ADDRESS);
    expect(size).toBeLessThan(12);
  });

  it('wraps only when even the smallest type is too wide, still losing no word', () => {
    const street = 'BUILDING 7 THE OLD MILL WORKS INDUSTRIAL ESTATE UNIT 42 REAR ENTRANCE BY THE LOADING BAYS';
    const { lines } = fitLines([street, 'LEEDS LS1 4AP'], bold, SHIP_TO_BOX);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(' ')).toBe(`${street} LEEDS LS1 4AP`);
  });

  it('leaves a short address at full size, one line each', () => {
    expect(fitLines(['ANNA PETROVA', '12 ORCHARD ST', 'NEW YORK, NY 10002'], bold, SHIP_TO_BOX)).toEqual({
      size: 12,
      lines: ['ANNA PETROVA', '12 ORCHARD ST', 'NEW YORK, NY 10002'],
    });
  });

  it('breaks a single word wider than the line at characters, losing none', () => {
    const word = 'X'.repeat(60);
    const { lines } = fitLines([word], bold, { ...SHIP_TO_BOX, minSize: 12 });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(word);
  });

  it('renders a label for the long address', async () => {
    const address = {
      name: LONG_ADDRESS[0]!,
      street1: LONG_ADDRESS[1]!,
      street2: LONG_ADDRESS[2]!,
      city: 'Rancho Santa Margarita Heights',
      state: 'CA',
      zip: '92688-1234',
      country: 'US',
    };
    const pdf = await renderLabelPdf({
      shipFrom: address,
      shipTo: address,
      carrier: 'USPS',
      service: 'Priority Mail',
      trackingNumber: '9400111899223344556677',
      orderId: 1,
      weightLb: 0.5,
      date: new Date('2026-11-26T00:00:00Z'),
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });
});
