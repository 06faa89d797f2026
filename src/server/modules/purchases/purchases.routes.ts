import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import { IdParamsSchema } from '#shared/schemas/creator';
import { PurchaseListQuerySchema, PurchaseListSchema } from '#shared/schemas/purchases';
import { AppError } from '../../errors';
import { findPurchase, selectPurchases, toPurchaseJson } from '../../lib/purchases';
import { renderReceiptPdf } from '../../lib/receipt-pdf';
import { requireUser } from '../../plugins/current-user';

const BEARER = [{ bearerAuth: [] }];

type ListCursor = { paidAt: string; id: string };

function decodeCursor(value: string): ListCursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<ListCursor>;
    if (
      typeof parsed.id === 'string' &&
      isUuid(parsed.id) &&
      typeof parsed.paidAt === 'string' &&
      !Number.isNaN(Date.parse(parsed.paidAt))
    ) {
      return { paidAt: parsed.paidAt, id: parsed.id };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw new AppError(ErrorCode.BAD_REQUEST, 'Invalid cursor');
}

/** docs/product.md, Checkout, and issue 24 §5: a buyer's payments, each with its receipt. */
export const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/purchases',
    {
      schema: {
        tags: ['enrollment'],
        summary: 'My purchases, newest first, with their refunds and receipts',
        security: BEARER,
        querystring: PurchaseListQuerySchema,
        response: { 200: PurchaseListSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { limit, cursor } = request.query;
      const after = cursor === undefined ? null : decodeCursor(cursor);
      const rows = await selectPurchases(
        app.db,
        after
          ? sql`p.user_id = ${user.id} AND (sale.created_at, p.id) < (${after.paidAt}::timestamptz, ${after.id}::uuid)`
          : sql`p.user_id = ${user.id}`,
        limit + 1,
      );
      const now = app.clock();
      const page = rows.slice(0, limit);
      const last = rows.length > limit ? page.at(-1) : undefined;
      return {
        items: page.map((row) => toPurchaseJson(row, now)),
        nextCursor: last
          ? Buffer.from(JSON.stringify({ paidAt: new Date(last.paidAt).toISOString(), id: last.id })).toString('base64url')
          : null,
      };
    },
  );

  app.get(
    '/api/purchases/:id/receipt',
    {
      schema: {
        tags: ['enrollment'],
        summary: 'The PDF receipt of one of my purchases (marked refunded once it is)',
        security: BEARER,
        params: IdParamsSchema,
        produces: ['application/pdf'],
        response: { 401: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const row = isUuid(request.params.id) ? await findPurchase(app.db, request.params.id) : null;
      // Someone else's receipt is not found, as if it did not exist.
      if (!row || row.buyerId !== user.id) throw new AppError(ErrorCode.NOT_FOUND, 'Receipt not found');
      const pdf = await renderReceiptPdf(row);
      // Bytes, not JSON: the typed reply knows only the error schemas of this route.
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${row.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf) as never);
    },
  );
};
