// The packing slip (issue 28 #6): one US Letter page per order, what goes into the parcel. The shop's
// name, the order number and date, the ship-to address, the shipping service paid for, and each
// piece with its picture, title, colour, size (a set's pieces each with its size) and quantity.
// Drawn with pdfkit in the standard fonts (as the shipping label is), so no font is embedded; a
// picture used on several slips is embedded once.
import PDFDocument from 'pdfkit';
import type { Address, OrderLine } from '../../db/schema.js';

export const SLIP_WIDTH_PT = 612;
export const SLIP_HEIGHT_PT = 792;
const MARGIN = 48;
const INNER = SLIP_WIDTH_PT - 2 * MARGIN;

/** What a slip shows of an order. */
export type SlipOrder = {
  id: string;
  /** The day it was placed, in the shop's time zone (YYYY-MM-DD). */
  placedOn: string;
  shipTo: Address;
  email: string;
  /** The shipping option the shopper paid for, in the checkout's words ('Standard (3–5 business days)'). */
  service: string;
  shippingCents: number;
  /** The label bought for it ('USPS Priority Mail'), if any, and its tracking. */
  label: string | null;
  tracking: string | null;
  lines: OrderLine[];
};

/** A picture ready for pdfkit (opened once per document), or null when there is none to show. */
export type PictureSource = (picture: string | null) => Promise<Buffer | null>;

/**
 * The standard PDF fonts write WinAnsi (Latin-1 and a few typographic marks): é, ü, ñ and '·' stay;
 * other letters lose their accents; anything else becomes '?'.
 */
export function winAnsi(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      if (/[\x20-\x7e\xa0-\xff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/.test(ch)) return ch;
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    })
    .join('');
}

const addressLines = (a: Address) =>
  [
    `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim(),
    a.address,
    a.address2,
    [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    a.country,
    a.phone,
  ]
    .map((l) => (l ?? '').trim())
    .filter(Boolean);

/** '$8.00', 'free'. */
const shippingPaid = (cents: number) =>
  cents === 0 ? 'free' : `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

/** A line's sizes as the slip lists them: 'M', or a set's 'Bra: 34C' and 'Brief: M' one under the other. */
export const sizeLinesOf = (line: OrderLine): string[] =>
  line.pieces?.length ? line.pieces.map((p) => `${p.piece}: ${p.size}`) : [line.size];

type Doc = PDFKit.PDFDocument;
/** An image pdfkit has opened: drawn as often as needed, embedded once (pdfkit's types leave openImage out). */
type Image = { readonly width: number; readonly height: number };
const openImage = (doc: Doc, bytes: Buffer) => (doc as unknown as { openImage(src: Buffer): Image }).openImage(bytes);

const COLUMNS = { picture: MARGIN, item: MARGIN + 70, colour: MARGIN + 290, size: MARGIN + 380, qty: MARGIN + 480 };
const WIDTHS = { item: 210, colour: 84, size: 96, qty: INNER - 480 };
const PICTURE = { width: 56, height: 84 };
const INK = '#1f1d1a';
const MUTED = '#6b655d';
const RULE = '#d8d2c8';

function rule(doc: Doc, y: number) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(SLIP_WIDTH_PT - MARGIN, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
}

function label(doc: Doc, text: string, x: number, y: number, width?: number) {
  doc
    .font('Helvetica-Bold')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(text.toUpperCase(), x, y, { characterSpacing: 0.8, ...(width ? { width } : {}) });
}

/** The slip's head: shop name, 'Packing slip', order number and date; answers where the body starts. */
function head(doc: Doc, shopName: string, order: SlipOrder, continued: boolean): number {
  doc
    .font('Times-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text(winAnsi(shopName), MARGIN, MARGIN, { width: INNER / 2, lineBreak: false, ellipsis: true });
  doc
    .font('Times-Roman')
    .fontSize(13)
    .fillColor(MUTED)
    .text(continued ? 'Packing slip (continued)' : 'Packing slip', MARGIN, MARGIN + 28);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(`Order #${order.id}`, MARGIN + INNER / 2, MARGIN + 4, { width: INNER / 2, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`Placed ${order.placedOn}`, MARGIN + INNER / 2, MARGIN + 22, { width: INNER / 2, align: 'right' });
  rule(doc, MARGIN + 52);
  return MARGIN + 68;
}

/** Ship-to and shipping, side by side; answers where the pieces start. */
function addresses(doc: Doc, order: SlipOrder, top: number): number {
  const half = INNER / 2 - 12;
  label(doc, 'Ship to', MARGIN, top);
  doc.font('Helvetica').fontSize(10.5).fillColor(INK);
  let y = top + 14;
  for (const line of addressLines(order.shipTo)) {
    doc.text(winAnsi(line), MARGIN, y, { width: half });
    y = doc.y + 1;
  }
  const right = MARGIN + INNER / 2 + 12;
  label(doc, 'Shipping', right, top);
  doc
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .fillColor(INK)
    .text(winAnsi(order.service), right, top + 14, { width: half });
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`Paid: ${shippingPaid(order.shippingCents)}`, right, doc.y + 2, { width: half });
  if (order.label) doc.text(winAnsi(`Label: ${order.label}`), right, doc.y + 2, { width: half });
  if (order.tracking) doc.text(winAnsi(`Tracking: ${order.tracking}`), right, doc.y + 2, { width: half });
  const bottom = Math.max(y, doc.y) + 16;
  rule(doc, bottom);
  return bottom + 14;
}

function tableHead(doc: Doc, y: number): number {
  label(doc, 'Piece', COLUMNS.item, y, WIDTHS.item);
  label(doc, 'Colour', COLUMNS.colour, y, WIDTHS.colour);
  label(doc, 'Size', COLUMNS.size, y, WIDTHS.size);
  label(doc, 'Qty', COLUMNS.qty, y, WIDTHS.qty);
  return y + 18;
}

/** Draws one piece's row at `y`; answers its height. */
function pieceRow(doc: Doc, line: OrderLine, image: Image | null, y: number): number {
  if (image) {
    doc.image(image as unknown as Buffer, COLUMNS.picture, y, {
      fit: [PICTURE.width, PICTURE.height],
      align: 'center',
    });
  } else {
    doc.rect(COLUMNS.picture, y, PICTURE.width, PICTURE.height).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(10.5)
    .fillColor(INK)
    .text(winAnsi(line.title), COLUMNS.item, y, { width: WIDTHS.item });
  if (line.productName && line.productName !== line.title)
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(winAnsi(line.productName), COLUMNS.item, doc.y + 2, { width: WIDTHS.item });
  const itemBottom = doc.y;
  doc
    .font('Helvetica')
    .fontSize(10.5)
    .fillColor(INK)
    .text(winAnsi(line.color), COLUMNS.colour, y, { width: WIDTHS.colour });
  const colourBottom = doc.y;
  let sizeY = y;
  for (const size of sizeLinesOf(line)) {
    doc.text(winAnsi(size), COLUMNS.size, sizeY, { width: WIDTHS.size });
    sizeY = doc.y + 1;
  }
  doc.font('Helvetica-Bold').text(String(line.quantity), COLUMNS.qty, y, { width: WIDTHS.qty });
  return Math.max(PICTURE.height, itemBottom - y, colourBottom - y, sizeY - y) + 12;
}

/** Lays out one order's slip on a new page (and a continuation page for a very long order). */
async function slip(
  doc: Doc,
  shopName: string,
  order: SlipOrder,
  imageOf: (picture: string | null) => Promise<Image | null>,
) {
  doc.addPage();
  let y = addresses(doc, order, head(doc, shopName, order, false));
  y = tableHead(doc, y);
  // Gift cards in the order are sent by email: nothing of them goes into the parcel.
  const pieces = order.lines.filter((l) => !l.giftCard);
  const bottom = SLIP_HEIGHT_PT - MARGIN - 24;
  for (const line of pieces) {
    const image = await imageOf(line.picture);
    if (y + PICTURE.height > bottom) {
      doc.addPage();
      y = tableHead(doc, head(doc, shopName, order, true));
    }
    y += pieceRow(doc, line, image, y);
    rule(doc, y - 6);
  }
  const count = pieces.reduce((n, l) => n + l.quantity, 0);
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`${count} ${count === 1 ? 'piece' : 'pieces'} in this parcel`, MARGIN, Math.min(y + 4, bottom + 4), {
      width: INNER,
      align: 'right',
    });
  if (order.lines.length > pieces.length)
    doc.text('Gift cards in this order are sent by email.', MARGIN, doc.y + 2, { width: INNER, align: 'right' });
}

/**
 * A PDF of packing slips, one order a page, streamed as pages are drawn. `orders` is read one order
 * at a time; an order list that turns out empty makes one page that says so.
 */
export function packingSlipsPdf(input: {
  shopName: string;
  title: string;
  orders: AsyncIterable<SlipOrder>;
  picture: PictureSource;
  date: Date;
}): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: input.title, Producer: 'Murashki', Creator: 'Murashki', CreationDate: input.date },
  });
  const images = new Map<string, Promise<Image | null>>();
  const imageOf = (picture: string | null) => {
    if (!picture) return Promise.resolve(null);
    let image = images.get(picture);
    if (!image) {
      image = input.picture(picture).then((bytes) => {
        if (!bytes) return null;
        try {
          return openImage(doc, bytes);
        } catch {
          return null; // not a JPEG or PNG pdfkit can read: the slip shows an empty frame
        }
      });
      images.set(picture, image);
    }
    return image;
  };
  void (async () => {
    let pages = 0;
    for await (const order of input.orders) {
      await slip(doc, input.shopName, order, imageOf);
      pages++;
    }
    if (pages === 0) {
      doc.addPage();
      doc.font('Times-Bold').fontSize(22).fillColor(INK).text(winAnsi(input.shopName), MARGIN, MARGIN);
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor(MUTED)
        .text('No orders wait to be shipped.', MARGIN, MARGIN + 40);
    }
    doc.end();
  })().catch((err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))));
  return doc;
}
