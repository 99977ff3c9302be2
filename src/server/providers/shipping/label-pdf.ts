// The table provider's shipping label: a 4x6 inch (288x432 pt) PDF, as thermal label printers take
// it, with the ship-from and ship-to addresses, the service, the tracking number and its barcode.
// Drawn with pdfkit (maintained; pdf-lib's last release was 2021) in the standard Helvetica fonts,
// so nothing is embedded. Coordinates below are PDF points from the bottom-left corner, as a
// label's layout is measured; `LabelPage` turns them into pdfkit's top-left ones.
import PDFDocument from 'pdfkit';
import type { LabelAddress } from './shipping-provider.js';

export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 432;

/** The standard PDF fonts only know Latin-1: accents are dropped, anything else becomes '?'. */
export function latin(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}

/**
 * Code 128-style bars for `text`: start and stop guards around 11-module symbols made from each
 * character, so the label looks and prints like a carrier's. The tracking number under it is what
 * counts; the table provider's labels are not scanned by a carrier.
 */
export function barModules(text: string): boolean[] {
  const modules: boolean[] = [];
  const push = (pattern: string) => {
    for (const c of pattern) modules.push(c === '1');
  };
  push('11010010000'); // start B
  let checksum = 104;
  [...text].forEach((ch, i) => {
    const value = (ch.charCodeAt(0) - 32) & 0x7f;
    checksum += value * (i + 1);
    push(symbol(value));
  });
  push(symbol(checksum % 103));
  push('1100011101011'); // stop
  return modules;
}

/** An 11-module symbol that starts with a bar and ends with a space, like Code 128's. */
function symbol(value: number): string {
  const bits = ((value * 2654435761) >>> 0).toString(2).padStart(32, '0').slice(-9);
  return `1${bits}0`;
}

/** What laying out text needs of a font: the width of a text at a type size, in points. */
type Measure = { widthOfTextAtSize(text: string, size: number): number };

/** Line height as a multiple of the type size. */
const LEADING = 1.2;

/** One line cut at spaces (a word wider than the line, at characters) into lines no wider than `maxWidth`. */
function wrap(text: string, font: Measure, size: number, maxWidth: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= maxWidth;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = current ? `${current} ${word}` : word;
    if (fits(joined)) {
      current = joined;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (!fits(current) && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && !fits(current.slice(0, cut))) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * An address block laid out to fit its box: every word kept (a carrier cannot deliver to half a
 * street or a city without its state and zip). The type gets smaller first, down to `minSize`, so
 * each part of the address stays on its own line; only then do long lines wrap.
 */
export function fitLines(
  lines: string[],
  font: Measure,
  box: { size: number; minSize: number; maxWidth: number; maxHeight: number },
) {
  const tallEnough = (count: number, size: number) => (count - 1) * size * LEADING + size <= box.maxHeight;
  for (let size = box.size; size >= box.minSize; size -= 0.5) {
    if (tallEnough(lines.length, size) && lines.every((l) => font.widthOfTextAtSize(l, size) <= box.maxWidth))
      return { size, lines };
  }
  // Wrapped: the largest size whose lines fit the height, else the smallest.
  for (let size = box.size; ; size -= 0.5) {
    const wrapped = lines.flatMap((l) => wrap(l, font, size, box.maxWidth));
    if (tallEnough(wrapped.length, size) || size - 0.5 < box.minSize) return { size, lines: wrapped };
  }
}

type Font = 'Helvetica' | 'Helvetica-Bold';

/** A label page drawn in points from its bottom-left corner (y up), on a pdfkit document (y down). */
class LabelPage {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** The font's measure, for `fitLines`. */
  measure(font: Font): Measure {
    return { widthOfTextAtSize: (text, size) => this.doc.font(font).fontSize(size).widthOfString(text) };
  }

  /** `text` on one line, its baseline at `y`. */
  text(text: string, options: { x: number; y: number; size: number; font: Font; color?: string }) {
    this.doc
      .font(options.font)
      .fontSize(options.size)
      .fillColor(options.color ?? 'black')
      .text(text, options.x, LABEL_HEIGHT_PT - options.y, { lineBreak: false, baseline: 'alphabetic' });
  }

  /** A filled rectangle, or an outline when `borderWidth` is given; `y` is its bottom edge. */
  rectangle(x: number, y: number, width: number, height: number, borderWidth?: number) {
    this.doc.rect(x, LABEL_HEIGHT_PT - y - height, width, height);
    if (borderWidth === undefined) this.doc.fillColor('black').fill();
    else this.doc.lineWidth(borderWidth).strokeColor('black').stroke();
  }

  /** A full-width rule at height `y`. */
  rule(y: number) {
    this.doc
      .moveTo(4, LABEL_HEIGHT_PT - y)
      .lineTo(LABEL_WIDTH_PT - 4, LABEL_HEIGHT_PT - y)
      .lineWidth(1)
      .strokeColor('black')
      .stroke();
  }
}

function drawLines(
  page: LabelPage,
  lines: string[],
  x: number,
  top: number,
  font: Font,
  box: { size: number; minSize: number; maxWidth: number; maxHeight: number },
) {
  const fitted = fitLines(lines.map(latin), page.measure(font), box);
  let y = top;
  for (const line of fitted.lines) {
    page.text(line, { x, y, size: fitted.size, font });
    y -= fitted.size * LEADING;
  }
  return y;
}

const addressLines = (a: LabelAddress) =>
  [a.name, a.company, a.street1, a.street2, `${a.city}, ${a.state} ${a.zip}`, a.country].filter((l): l is string =>
    Boolean(l?.trim()),
  );

export async function renderLabelPdf(label: {
  shipFrom: LabelAddress;
  shipTo: LabelAddress;
  carrier: string;
  service: string;
  trackingNumber: string;
  orderId: number;
  weightLb: number;
  date: Date;
  /** A prepaid return label: said in its title and on its service band. */
  kind?: 'outbound' | 'return';
}): Promise<Uint8Array> {
  const returning = label.kind === 'return';
  const doc = new PDFDocument({
    size: [LABEL_WIDTH_PT, LABEL_HEIGHT_PT],
    margin: 0,
    info: {
      Title: `${returning ? 'Return label' : 'Shipping label'} for order #${label.orderId}`,
      Producer: 'Murashki',
      Creator: 'Murashki',
      CreationDate: label.date,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const page = new LabelPage(doc);
  const margin = 12;
  const inner = LABEL_WIDTH_PT - 2 * margin;

  page.rectangle(4, 4, LABEL_WIDTH_PT - 8, LABEL_HEIGHT_PT - 8, 1.5);

  // Service band
  page.rectangle(4, 370, LABEL_WIDTH_PT - 8, 58);
  page.text(
    latin(`${returning ? 'Return - ' : ''}${label.service}`)
      .toUpperCase()
      .slice(0, 40),
    { x: margin, y: 384, size: 10, font: 'Helvetica-Bold', color: 'white' },
  );
  page.text(latin(label.carrier).toUpperCase(), {
    x: margin,
    y: 406,
    size: 18,
    font: 'Helvetica-Bold',
    color: 'white',
  });

  // Ship from
  page.text('FROM', { x: margin, y: 356, size: 7, font: 'Helvetica-Bold' });
  drawLines(page, addressLines(label.shipFrom), margin, 346, 'Helvetica', {
    size: 8,
    minSize: 5.5,
    maxWidth: inner / 2 + 20,
    maxHeight: 346 - 296,
  });
  page.text(`${label.date.toISOString().slice(0, 10)}`, { x: 200, y: 356, size: 7, font: 'Helvetica' });
  page.text(`${label.weightLb.toFixed(2)} LB`, { x: 200, y: 346, size: 8, font: 'Helvetica-Bold' });
  page.rule(290);

  // Ship to
  page.text('SHIP TO', { x: margin, y: 276, size: 8, font: 'Helvetica-Bold' });
  drawLines(
    page,
    addressLines(label.shipTo).map((l) => l.toUpperCase()),
    margin + 16,
    258,
    'Helvetica-Bold',
    { size: 12, minSize: 7, maxWidth: inner - 16, maxHeight: 258 - 176 },
  );
  page.rule(170);

  // Tracking barcode
  page.text('TRACKING #', { x: margin, y: 156, size: 8, font: 'Helvetica-Bold' });
  const modules = barModules(label.trackingNumber);
  const moduleWidth = Math.min(1.2, (inner - 8) / modules.length);
  const barsWidth = modules.length * moduleWidth;
  let x = (LABEL_WIDTH_PT - barsWidth) / 2;
  for (const bar of modules) {
    if (bar) page.rectangle(x, 70, moduleWidth, 76);
    x += moduleWidth;
  }
  const number = latin(label.trackingNumber).replace(/(.{4})(?=.)/g, '$1 ');
  const numberWidth = page.measure('Helvetica-Bold').widthOfTextAtSize(number, 11);
  page.text(number, { x: (LABEL_WIDTH_PT - numberWidth) / 2, y: 54, size: 11, font: 'Helvetica-Bold' });
  page.rule(42);
  page.text(`${returning ? 'Return of order' : 'Order'} #${label.orderId}`, {
    x: margin,
    y: 22,
    size: 9,
    font: 'Helvetica',
  });

  doc.end();
  return done;
}
