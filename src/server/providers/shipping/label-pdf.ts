// The table provider's shipping label: a 4x6 inch (288x432 pt) PDF, as thermal label printers take
// it, with the ship-from and ship-to addresses, the service, the tracking number and its barcode.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
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

function drawLines(page: PDFPage, lines: string[], x: number, top: number, font: PDFFont, size: number, maxWidth: number) {
  let y = top;
  for (const raw of lines) {
    let line = latin(raw);
    while (line.length > 1 && font.widthOfTextAtSize(line, size) > maxWidth) line = line.slice(0, -1);
    page.drawText(line, { x, y, size, font });
    y -= size * 1.25;
  }
  return y;
}

const addressLines = (a: LabelAddress) =>
  [a.name, a.company, a.street1, a.street2, `${a.city}, ${a.state} ${a.zip}`, a.country].filter((l): l is string => Boolean(l && l.trim()));

export async function renderLabelPdf(label: {
  shipFrom: LabelAddress;
  shipTo: LabelAddress;
  carrier: string;
  service: string;
  trackingNumber: string;
  orderId: number;
  weightLb: number;
  date: Date;
}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Shipping label for order #${label.orderId}`);
  pdf.setProducer('Murashki');
  pdf.setCreationDate(label.date);
  const page = pdf.addPage([LABEL_WIDTH_PT, LABEL_HEIGHT_PT]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const black = rgb(0, 0, 0);
  const margin = 12;
  const inner = LABEL_WIDTH_PT - 2 * margin;

  page.drawRectangle({ x: 4, y: 4, width: LABEL_WIDTH_PT - 8, height: LABEL_HEIGHT_PT - 8, borderColor: black, borderWidth: 1.5 });

  // Service band
  page.drawRectangle({ x: 4, y: 370, width: LABEL_WIDTH_PT - 8, height: 58, color: black });
  page.drawText(latin(label.service).toUpperCase().slice(0, 40), { x: margin, y: 384, size: 10, font: bold, color: rgb(1, 1, 1) });
  page.drawText(latin(label.carrier).toUpperCase(), { x: margin, y: 406, size: 18, font: bold, color: rgb(1, 1, 1) });

  // Ship from
  page.drawText('FROM', { x: margin, y: 356, size: 7, font: bold });
  drawLines(page, addressLines(label.shipFrom), margin, 346, regular, 8, inner / 2 + 20);
  page.drawText(`${label.date.toISOString().slice(0, 10)}`, { x: 200, y: 356, size: 7, font: regular });
  page.drawText(`${label.weightLb.toFixed(2)} LB`, { x: 200, y: 346, size: 8, font: bold });
  page.drawLine({ start: { x: 4, y: 290 }, end: { x: LABEL_WIDTH_PT - 4, y: 290 }, thickness: 1, color: black });

  // Ship to
  page.drawText('SHIP TO', { x: margin, y: 276, size: 8, font: bold });
  drawLines(page, addressLines(label.shipTo).map((l) => l.toUpperCase()), margin + 16, 258, bold, 12, inner - 16);
  page.drawLine({ start: { x: 4, y: 170 }, end: { x: LABEL_WIDTH_PT - 4, y: 170 }, thickness: 1, color: black });

  // Tracking barcode
  page.drawText('TRACKING #', { x: margin, y: 156, size: 8, font: bold });
  const modules = barModules(label.trackingNumber);
  const moduleWidth = Math.min(1.2, (inner - 8) / modules.length);
  const barsWidth = modules.length * moduleWidth;
  let x = (LABEL_WIDTH_PT - barsWidth) / 2;
  modules.forEach((bar) => {
    if (bar) page.drawRectangle({ x, y: 70, width: moduleWidth, height: 76, color: black });
    x += moduleWidth;
  });
  const number = latin(label.trackingNumber).replace(/(.{4})(?=.)/g, '$1 ');
  const numberWidth = bold.widthOfTextAtSize(number, 11);
  page.drawText(number, { x: (LABEL_WIDTH_PT - numberWidth) / 2, y: 54, size: 11, font: bold });
  page.drawLine({ start: { x: 4, y: 42 }, end: { x: LABEL_WIDTH_PT - 4, y: 42 }, thickness: 1, color: black });
  page.drawText(`Order #${label.orderId}`, { x: margin, y: 22, size: 9, font: regular });

  return pdf.save();
}
