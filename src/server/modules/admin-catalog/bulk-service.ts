// The bulk editor behind /bulk/admin: inline edits of many items saved together (all or nothing),
// and the catalog as CSV, out and back in with a per-line report of what was refused and why.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import {
  CATALOG_CSV_COLUMNS,
  ColorInputSchema,
  CreateItemBodySchema,
  PriceSchema,
  SizeInputSchema,
  type AdminItem,
  type BulkImportAnswer,
  type BulkRowSchema,
  type CatalogCsvColumn,
} from '../../../contract/admin-catalog.js';
import { snakeLink, urlFromTitle } from '../../../domain/catalog-names.js';
import { toCents } from '../../../domain/money.js';
import type { Db, Tx } from '../../db/client.js';
import { hexId } from '../../db/ids.js';
import { Invalid } from '../../http/errors.js';
import { guardFormula, unguardFormula } from '../../http/csv-cells.js';
import type { ReadModel } from '../../read-model.js';
import { type Actor, recordActivity } from '../activity/activity-log.js';
import { adminCatalogRepository, type AvailabilityInput } from './admin-catalog-repository.js';
import { availabilityOf, toAdminItems } from './admin-catalog-service.js';

type BulkRow = z.output<typeof BulkRowSchema>;
export type RowError = { index: number; _id: string; errors: string[] };

// ---------- CSV cells ----------

/** Text cells that a spreadsheet would run as a formula get a leading apostrophe (OWASP CSV injection); import takes it off. */
const TEXT_COLUMNS = new Set<CatalogCsvColumn>([
  'url',
  'title',
  'category',
  'meta_title',
  'meta_description',
  'product_type',
  'product_name',
  'color_name',
  'size',
]);
// The rule is shared with the Activity and order exports (src/server/http/csv-cells.ts, issue 28).
const guardCell = (column: CatalogCsvColumn, value: string) => (TEXT_COLUMNS.has(column) ? guardFormula(value) : value);
const unguardCell = unguardFormula;

type CsvLine = Record<CatalogCsvColumn, string>;

export function catalogCsv(items: AdminItem[]): string {
  const lines: CsvLine[] = [];
  for (const item of items) {
    const base = {
      item_id: item._id,
      url: item.url,
      title: item.title,
      category: item.category ?? '',
      published: String(item.published),
      position: String(item.position),
      promotion_position: String(item.promotion_position),
      is_final_sale: String(item.is_final_sale),
      meta_title: item.meta_title,
      meta_description: item.meta_description,
    };
    const empty = {
      product_type: '',
      product_name: '',
      price: '',
      color_name: '',
      color_code: '',
      size: '',
      sold_out: '',
      stock: '',
    };
    const before = lines.length;
    for (const p of item.available_products) {
      for (const c of p.colors) {
        // A set's sizes are one line per piece and size, named 'Bra 34C' (issue 27 item 4).
        const sizeLines = c.pieces
          ? c.pieces.flatMap((q) => q.available_sizes.map((s) => ({ ...s, name: `${q.name} ${s.name}` })))
          : c.available_sizes;
        for (const s of sizeLines) {
          lines.push({
            ...base,
            product_type: p.type,
            product_name: p.name,
            price: p.price.toFixed(2),
            color_name: c.color_name,
            color_code: c.color_code,
            size: s.name,
            sold_out: String(s.sold_out),
            stock: s.stock === null ? '' : String(s.stock),
          });
        }
      }
    }
    if (lines.length === before) lines.push({ ...base, ...empty });
  }
  const guarded = lines.map((line) =>
    Object.fromEntries(CATALOG_CSV_COLUMNS.map((column) => [column, guardCell(column, line[column])])),
  );
  return stringify(guarded, { header: true, columns: [...CATALOG_CSV_COLUMNS], bom: true });
}

// ---------- one CSV line, typed ----------

const bool = (label: string) =>
  z.string().transform((v, ctx) => {
    const s = v.toLowerCase();
    if (['true', 'yes', '1'].includes(s)) return true;
    if (['false', 'no', '0', ''].includes(s)) return false;
    ctx.addIssue({ code: 'custom', message: `${label} must be true or false` });
    return z.NEVER;
  });
const int = (label: string, schema: z.ZodNumber) =>
  z.string().transform((v, ctx) => {
    if (v === '') return 0;
    const n = /^-?\d+$/.test(v) ? Number(v) : NaN;
    const parsed = schema.safeParse(n);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number${Number.isNaN(n) ? '' : ' in range'}` });
      return z.NEVER;
    }
    return parsed.data;
  });

const ItemLineSchema = z.object({
  item_id: z.string().refine((v) => v === '' || /^[0-9a-f]{24}$/.test(v), 'item_id must be a 24-character id'),
  title: CreateItemBodySchema.shape.title,
  url: CreateItemBodySchema.shape.url,
  category: z.string().transform((v) => (v === '' ? null : v)),
  published: bool('published'),
  position: int('position', z.number().int().min(-1_000_000).max(1_000_000)),
  promotion_position: int('promotion_position', z.number().int().min(0).max(1_000_000)),
  is_final_sale: bool('is_final_sale'),
  meta_title: CreateItemBodySchema.shape.meta_title,
  meta_description: CreateItemBodySchema.shape.meta_description,
});
type ItemLine = z.output<typeof ItemLineSchema>;

const VARIANT_COLUMNS = [
  'product_type',
  'product_name',
  'price',
  'color_name',
  'color_code',
  'size',
  'sold_out',
  'stock',
] as const;
const VariantLineSchema = z.object({
  product_type: z.string().min(1, 'product_type is required').max(40),
  product_name: z.string().min(1, 'product_name is required').max(80),
  price: z.string().transform((v, ctx) => {
    const parsed = PriceSchema.safeParse(/^\d+(\.\d+)?$/.test(v) ? Number(v) : NaN);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'price must be an amount of dollars such as 98.00' });
      return z.NEVER;
    }
    return parsed.data;
  }),
  color_name: ColorInputSchema.shape.color_name,
  color_code: ColorInputSchema.shape.color_code,
  size: SizeInputSchema.shape.name,
  sold_out: bool('sold_out'),
  stock: z.string().transform((v, ctx) => {
    if (v === '') return null;
    if (!/^\d+$/.test(v) || Number(v) > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: 'stock must be empty (not tracked) or a whole number from 0' });
      return z.NEVER;
    }
    return Number(v);
  }),
});
type VariantLine = z.output<typeof VariantLineSchema>;

const issuesOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`);
const sameItemFields = (a: ItemLine, b: ItemLine) =>
  (Object.keys(a) as (keyof ItemLine)[]).every((k) => k === 'item_id' || k === 'url' || a[k] === b[k]);

// ---------- the service ----------

export function bulkService({ db, readModel }: { db: Db; readModel: ReadModel }) {
  const repo = adminCatalogRepository(db);

  return {
    /** All rows or none: every row is checked first; any refused row answers the list and saves nothing. */
    async update(
      actor: Actor,
      rows: BulkRow[],
    ): Promise<{ ok: true; updated: number } | { ok: false; rows: RowError[] }> {
      const ids = [...new Set(rows.map((r) => r._id))];
      const known = new Set((await repo.titlesOf(db, ids)).keys());
      const categoryKeys = await repo.categoryKeys();
      const types = await repo.typesOf(db, ids);
      const seen = new Set<string>();
      const refused: RowError[] = [];
      rows.forEach((row, index) => {
        const errors: string[] = [];
        if (seen.has(row._id)) errors.push('this item appears in another row too');
        seen.add(row._id);
        if (!known.has(row._id)) errors.push('no item with this id');
        if (row.category && !categoryKeys.has(row.category)) errors.push(`unknown category "${row.category}"`);
        const priced = new Set<string>();
        for (const p of row.prices ?? []) {
          if (priced.has(p.type)) errors.push(`product type "${p.type}" is priced twice`);
          priced.add(p.type);
          if (known.has(row._id) && !types.has(`${row._id}|${p.type}`))
            errors.push(`no product type "${p.type}" on this item`);
        }
        if (errors.length) refused.push({ index, _id: row._id, errors });
      });
      if (refused.length) return { ok: false, rows: refused };

      await db.transaction(async (tx) => {
        for (const row of rows) {
          const set: Parameters<typeof repo.updateItem>[2] = {};
          if (row.published !== undefined) set.published = row.published;
          if (row.position !== undefined) set.position = row.position;
          if (row.promotion_position !== undefined) set.promotionPosition = row.promotion_position;
          if (row.category !== undefined) set.category = row.category;
          await repo.updateItem(tx, row._id, set);
          for (const p of row.prices ?? [])
            await repo.setTypePrice(tx, types.get(`${row._id}|${p.type}`)!, toCents(p.price));
        }
        const n = rows.length;
        await recordActivity(tx, actor, {
          kind: 'items.bulk',
          summary: `Changed ${n} ${n === 1 ? 'item' : 'items'} in the bulk editor`,
          detail: { count: n, items: rows },
        });
      });
      await readModel.invalidate();
      return { ok: true, updated: rows.length };
    },

    async exportCsv(): Promise<string> {
      return catalogCsv(toAdminItems(await repo.allItems()));
    },

    async importCsv(actor: Actor, file: Buffer, dryRun: boolean): Promise<BulkImportAnswer> {
      const records = parseCatalogCsv(file);
      const existing = toAdminItems(await repo.allItems());
      const byId = new Map(existing.map((i) => [i._id, i]));
      const byUrl = new Map(existing.map((i) => [i.url, i]));
      const categoryKeys = await repo.categoryKeys();

      type Group = {
        id: string | undefined;
        label: string;
        fields: ItemLine & { url: string };
        firstLine: number;
        variants: { line: number; v: VariantLine }[];
      };
      const groups = new Map<string, Group>();
      const refused: BulkImportAnswer['refused'] = [];
      let acceptedLines = 0;

      for (const { line, cells } of records) {
        const errors: string[] = [];
        const label = cells.item_id || cells.url || cells.title || '(no item)';
        const parsedItem = ItemLineSchema.safeParse(cells);
        if (!parsedItem.success) errors.push(...issuesOf(parsedItem.error));
        let variant: VariantLine | undefined;
        if (VARIANT_COLUMNS.some((c) => cells[c] !== '')) {
          const parsed = VariantLineSchema.safeParse(cells);
          if (parsed.success) variant = parsed.data;
          else errors.push(...issuesOf(parsed.error));
        }
        if (!parsedItem.success) {
          refused.push({ line, item: label, errors });
          continue;
        }
        const fields = parsedItem.data;
        const target = fields.item_id ? byId.get(fields.item_id) : fields.url ? byUrl.get(fields.url) : undefined;
        if (fields.item_id && !target) errors.push(`no item with id ${fields.item_id}`);
        if (fields.category && !categoryKeys.has(fields.category))
          errors.push(`category: unknown category "${fields.category}"`);
        const url = fields.url || target?.url || urlFromTitle(fields.title);
        const owner = byUrl.get(url);
        if (fields.url && owner && target && owner._id !== target._id)
          errors.push(`url "${fields.url}" belongs to another item`);
        if (!url && !target) errors.push('url: needed when the title has no letters or digits');

        const key = target ? `id:${target._id}` : `url:${url}`;
        const group = groups.get(key);
        if (group && !sameItemFields(group.fields, fields))
          errors.push(`item fields differ from line ${group.firstLine} of the same item`);
        if (group && variant) {
          const v = variant;
          const sameType = group.variants.find((g) => g.v.product_type === v.product_type);
          if (sameType && (sameType.v.product_name !== v.product_name || sameType.v.price !== v.price))
            errors.push(`product_name and price of "${v.product_type}" differ from line ${sameType.line}`);
          const sameColor = group.variants.find(
            (g) => g.v.product_type === v.product_type && g.v.color_name.toLowerCase() === v.color_name.toLowerCase(),
          );
          if (sameColor && sameColor.v.color_code.toLowerCase() !== v.color_code.toLowerCase())
            errors.push(`color_code of "${v.color_name}" differs from line ${sameColor.line}`);
          const twice = group.variants.find(
            ({ v }) =>
              v.product_type === variant!.product_type &&
              v.color_name.toLowerCase() === variant!.color_name.toLowerCase() &&
              v.size === variant!.size,
          );
          if (twice) errors.push(`this size is already on line ${twice.line}`);
        }

        if (errors.length) {
          refused.push({ line, item: label, errors });
          continue;
        }
        acceptedLines++;
        if (group) {
          if (variant) group.variants.push({ line, v: variant });
        } else {
          groups.set(key, {
            id: target?._id,
            label,
            fields: { ...fields, url },
            firstLine: line,
            variants: variant ? [{ line, v: variant }] : [],
          });
        }
      }

      let created = 0;
      let updated = 0;
      const apply = async (tx: Tx) => {
        for (const group of groups.values()) {
          const current = group.id ? byId.get(group.id) : undefined;
          const availability = mergeAvailability(
            current?.available_products ?? [],
            group.variants.map((g) => g.v),
          );
          const f = group.fields;
          const row = {
            title: f.title,
            metaTitle: f.meta_title,
            metaDescription: f.meta_description,
            category: f.category,
            published: f.published,
            position: f.position,
            promotionPosition: f.promotion_position,
            isFinalSale: f.is_final_sale,
          };
          if (current) {
            await repo.updateItem(tx, current._id, { ...row, url: f.url });
            if (f.title !== current.title) await repo.relabelRelatedRefs(tx, current._id, f.title);
            updated++;
          } else {
            const id = hexId();
            const url = await freeUrl(tx, f.url);
            await repo.insertItem(tx, { id, url, ...row });
            group.id = id;
            created++;
          }
          if (group.variants.length) await repo.replaceAvailability(tx, group.id!, availability);
        }
      };

      if (!dryRun && groups.size > 0) {
        await db.transaction(async (tx) => {
          await apply(tx);
          const count = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
          const parts = [created ? `${count(created)} created` : '', updated ? `${count(updated)} updated` : ''];
          await recordActivity(tx, actor, {
            kind: 'items.bulk',
            summary: `Imported a catalog CSV: ${parts.filter(Boolean).join(', ')}`,
            detail: {
              created,
              updated,
              acceptedLines,
              refusedLines: refused.length,
              items: [...groups.values()].map((g) => ({ itemId: g.id, title: g.fields.title })),
            },
          });
        });
        await readModel.invalidate();
      } else {
        for (const group of groups.values()) {
          if (group.id) updated++;
          else created++;
        }
      }
      return { dryRun, created, updated, acceptedLines, refused };

      async function freeUrl(tx: Tx, base: string) {
        const taken = await repo.urlsLike(tx, base);
        if (!taken.has(base)) return base;
        for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
      }
    },
  };
}
export type BulkService = ReturnType<typeof bulkService>;

/** The CSV's lines with their line numbers (1 is the header); a malformed file or header is refused whole. */
export function parseCatalogCsv(file: Buffer): { line: number; cells: CsvLine }[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(file, {
      bom: true,
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim());
        const unknown = names.filter((n) => !(CATALOG_CSV_COLUMNS as readonly string[]).includes(n));
        const missing = CATALOG_CSV_COLUMNS.filter((c) => c !== 'item_id' && !names.includes(c));
        if (unknown.length || missing.length) {
          throw new Invalid(
            [
              unknown.length ? `unknown columns: ${unknown.join(', ')}` : '',
              missing.length ? `missing columns: ${missing.join(', ')}` : '',
            ]
              .filter(Boolean)
              .join('; '),
          );
        }
        return names;
      },
      info: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 64 * 1024,
    });
  } catch (err) {
    if (err instanceof Invalid) throw err;
    throw new Invalid(`The CSV could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  return records.map(({ record, info }) => ({
    line: info.lines,
    cells: Object.fromEntries(CATALOG_CSV_COLUMNS.map((c) => [c, unguardCell(record[c] ?? '')])) as CsvLine,
  }));
}

/** The item's availability with the CSV's lines laid over it: updated and added, never removed. */
export function mergeAvailability(current: AdminItem['available_products'], lines: VariantLine[]): AvailabilityInput {
  const products = current.map((p) => ({
    type: p.type,
    name: p.name,
    price: p.price,
    pieces: p.pieces ?? [],
    colors: p.colors.map((c) => ({
      ...c,
      link: c.link,
      available_sizes: c.available_sizes.map((s) => ({ ...s })),
      pieces: c.pieces?.map((q) => ({ name: q.name, available_sizes: q.available_sizes.map((s) => ({ ...s })) })),
    })),
  }));
  for (const line of lines) {
    let product = products.find((p) => p.type === line.product_type);
    if (!product) {
      product = { type: line.product_type, name: line.product_name, price: line.price, pieces: [], colors: [] };
      products.push(product);
    }
    product.name = line.product_name;
    product.price = line.price;
    const link = snakeLink(line.color_name);
    let color = product.colors.find(
      (c) => c.color_name.toLowerCase() === line.color_name.toLowerCase() || c.link === link,
    );
    if (!color) {
      color = {
        color_name: line.color_name,
        color_code: line.color_code,
        color_picture: null,
        alt: '',
        link,
        available_sizes: [],
        pieces: undefined,
      };
      product.colors.push(color);
    }
    color.color_code = line.color_code;
    // A set's line names its piece first ('Bra 34C'); a new colour of a set starts with each piece empty.
    const piece = product.pieces.find((q) => line.size.startsWith(`${q} `));
    if (product.pieces.length > 0) color.pieces ??= product.pieces.map((name) => ({ name, available_sizes: [] }));
    const list = piece
      ? color.pieces!.find((q) => q.name === piece)?.available_sizes
      : product.pieces.length > 0
        ? undefined
        : color.available_sizes;
    if (!list) continue;
    const sizeName = piece ? line.size.slice(piece.length + 1) : line.size;
    const size = list.find((s) => s.name === sizeName);
    if (size) {
      size.sold_out = line.sold_out;
      size.stock = line.stock;
    } else list.push({ name: sizeName, sold_out: line.sold_out, stock: line.stock });
  }
  return availabilityOf(products);
}
