// The back office's catalog calls (spec §7 Admin, issue 6). Every route here is behind the admin
// gate (401 without an admin session); cross-site writes are refused for the whole app (app.ts).
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issuesByEntry, issuesOfValidation } from '../../../domain/validation-message.js';
import {
  ADMIN_MESSAGES,
  BulkRefusedAnswerSchema,
  type RowError,
  UPLOAD_FIELD,
} from '../../../contract/admin-catalog.js';
import { calls } from '../../../contract/calls.js';
import type { AppContext } from '../../context.js';
import { adminOf, gateAdminRoutes } from '../../http/admin-guard.js';
import { Invalid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { assertValidText } from '../../http/valid-text.js';
import { pictureStorage } from '../../providers/storage/index.js';
import { PayloadTooLarge, storeUpload } from './picture-upload.js';

const CSV_MAX_BYTES = 5 * 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const adminCatalogRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, services }) => {
  const { adminCatalog: catalog, backInStock, bulk } = services;
  const storage = await pictureStorage(config);

  gateAdminRoutes(app, services.sessions);
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  });

  /** The one file of a multipart request, in memory, within `maxBytes`. */
  async function fileOf(request: FastifyRequest, maxBytes: number, what: string): Promise<Buffer> {
    if (!request.isMultipart())
      throw new Invalid(`Send the ${what} as multipart/form-data in the field "${UPLOAD_FIELD}"`);
    const part = await request.file({ limits: { fileSize: maxBytes } }).catch(malformed(what));
    if (!part || part.fieldname !== UPLOAD_FIELD) throw new Invalid(`Send the ${what} in the field "${UPLOAD_FIELD}"`);
    for (const field of Object.values(part.fields).flat()) {
      if (field && field.type === 'field') assertValidText(field.value, [field.fieldname]);
    }
    try {
      return await part.toBuffer();
    } catch (err) {
      if (err instanceof app.multipartErrors.RequestFileTooLargeError)
        throw new PayloadTooLarge(`The file is larger than ${megabytes(maxBytes)}`);
      return malformed(what)(err);
    }
  }

  /**
   * The multipart parser (busboy) reports a cut-off or garbled body with plain errors ("Unexpected
   * end of multipart data", "Multipart: Boundary not found"): that is the client's request at fault, a 400.
   */
  const malformed =
    (what: string) =>
    (err: unknown): never => {
      if (
        err instanceof Error &&
        !('statusCode' in err) &&
        /multipart|boundary|part header|unexpected end/i.test(err.message)
      ) {
        throw new Invalid(`The ${what} upload is not a well-formed multipart/form-data body: ${err.message}`);
      }
      throw err;
    };

  // ---------- pictures ----------

  route(app, calls.uploadPicture, async (request, reply) => {
    const { path } = await storeUpload(storage, await fileOf(request, config.uploadMaxBytes, 'picture'));
    // Fastify would send a returned string as text; the answer is the path as a JSON string.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(path));
  });

  // ---------- items ----------

  route(app, calls.existingItems, (request) => catalog.existingItems(request.query.search, request.query.page));

  route(app, calls.item, (request) =>
    'id' in request.query ? catalog.item(request.query.id) : catalog.itemByUrl(request.query.url),
  );

  route(app, calls.createItem, async (request) => ({
    ok: true as const,
    message: ADMIN_MESSAGES.created,
    item: await catalog.createItem(adminOf(request), request.body),
  }));

  route(app, calls.updateItem, async (request) => ({
    ok: true as const,
    message: ADMIN_MESSAGES.updated,
    item: await catalog.updateItem(adminOf(request), request.body._id, request.body.item),
  }));

  route(app, calls.deleteItem, async (request) => {
    await catalog.deleteItem(adminOf(request), request.body._id);
    return { ok: true as const };
  });

  route(app, calls.editItem, async (request) => ({
    ok: true as const,
    landing: await catalog.editLanding(adminOf(request), request.body._id, request.body.value),
  }));

  // ---------- back-in-stock ----------

  route(app, calls.getItemSubscriptions, (request) => backInStock.itemSubscriptions(request.body));

  route(app, calls.sendBackInStockNotification, async (request) => {
    await backInStock.send(adminOf(request), request.body);
    return { ok: true as const, message: ADMIN_MESSAGES.notificationSent };
  });

  // ---------- reviews ----------

  route(app, calls.saveReview, async (request) => ({
    ok: true as const,
    review: await catalog.saveReview(adminOf(request), request.body),
  }));

  route(app, calls.deleteReview, async (request) => {
    await catalog.deleteReview(adminOf(request), request.body.id);
    return { ok: true as const };
  });

  // ---------- categories ----------

  route(app, calls.createCategory, async (request) => ({
    ok: true as const,
    category: await catalog.createCategory(adminOf(request), request.body.title),
  }));

  route(app, calls.deleteCategory, async (request) => {
    await catalog.deleteCategory(adminOf(request), request.body.key);
    return { ok: true as const };
  });

  // ---------- bulk editor ----------

  // Rows the schema refuses are answered like rows the service refuses: each with its own reasons.
  route(
    app,
    calls.bulkUpdate,
    async (request, reply) => {
      const refuse = (rows: RowError[]) => {
        const n = rows.length;
        return reply.code(400).send({
          error: 'invalid',
          message: `${n} ${n === 1 ? 'row was' : 'rows were'} refused; nothing was saved`,
          rows,
          requestId: request.id,
        });
      };
      if (request.validationError) {
        const invalid = request.validationError as Error & {
          validation?: { instancePath: string; message?: string }[];
        };
        const byRow = invalid.validation && issuesByEntry(issuesOfValidation(invalid.validation), 'items');
        // Anything but a row's own fields (no list, too many rows): the one error handler answers.
        if (!byRow) throw invalid;
        const sent = (request.body as { items?: { _id?: unknown }[] } | undefined)?.items ?? [];
        return refuse(
          byRow.map(({ index, errors }) => ({
            index,
            _id: typeof sent[index]?._id === 'string' ? sent[index]._id : '',
            errors,
          })),
        );
      }
      const result = await bulk.update(adminOf(request), request.body.items);
      if (!result.ok) return refuse(result.rows);
      return result;
    },
    { attachValidation: true, responses: { 400: BulkRefusedAnswerSchema } },
  );

  app.get('/admin/api/bulk/export.csv', { schema: { response: { 200: z.string() } } }, async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="catalog.csv"')
      .send(await bulk.exportCsv()),
  );

  route(app, calls.bulkImport, async (request) =>
    bulk.importCsv(adminOf(request), await fileOf(request, CSV_MAX_BYTES, 'CSV file'), request.query.dryRun === 'true'),
  );
};
