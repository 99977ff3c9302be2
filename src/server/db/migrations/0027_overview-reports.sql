CREATE TABLE "report_item_months" (
	"month" timestamp with time zone NOT NULL,
	"item_id" char(24) NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"pieces" integer DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_item_months_month_item_id_pk" PRIMARY KEY("month","item_id")
);
--> statement-breakpoint
CREATE TABLE "report_item_sales" (
	"bucket" timestamp with time zone NOT NULL,
	"item_id" char(24) NOT NULL,
	"size" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"pieces" integer DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_item_sales_bucket_item_id_size_pk" PRIMARY KEY("bucket","item_id","size")
);
--> statement-breakpoint
CREATE TABLE "report_sales" (
	"bucket" timestamp with time zone PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"pieces" integer DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"shipping_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"gift_card_cents" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refund_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_item_sales_item_idx" ON "report_item_sales" USING btree ("item_id","bucket");
--> statement-breakpoint
-- Issue 28 (decision 038): the triggers below keep report_sales, report_item_sales and
-- report_item_months equal to sums over `orders`, for every writer of orders. Statement triggers with
-- transition tables: a bulk insert of 100,000 orders is three grouped upserts, not 300,000. An update
-- subtracts the old rows' figures and adds the new ones', only for rows whose figures changed (the
-- capture, tracking and 'processed' updates touch none of them).
--
-- What one order adds to report_sales: its sale in the quarter hour it was placed, and its refund
-- (once refundedAt is set) in the quarter hour of the refund.
CREATE OR REPLACE FUNCTION report_sales_rows(
  p_lines jsonb, p_total integer, p_discount integer, p_shipping integer, p_tax integer,
  p_return jsonb, p_created timestamptz
) RETURNS TABLE (
  bucket timestamptz, orders integer, pieces integer, sales_cents bigint, discount_cents bigint,
  shipping_cents bigint, tax_cents bigint, gift_card_cents bigint, refunds integer, refund_cents bigint
) LANGUAGE sql STABLE AS $$
  WITH l AS (
    SELECT coalesce(sum(CASE WHEN e ? 'giftCard' THEN 0 ELSE (e->>'quantity')::int END), 0)::int AS pieces,
           coalesce(sum(CASE WHEN e ? 'giftCard' THEN (e->>'unitPriceCents')::bigint * (e->>'quantity')::int ELSE 0 END), 0)::bigint AS gift
    FROM jsonb_array_elements(p_lines) e
  )
  SELECT date_bin('15 minutes', p_created, timestamptz '2000-01-01 00:00:00+00'), 1, l.pieces,
         p_total - l.gift, p_discount::bigint, p_shipping::bigint, p_tax::bigint, l.gift, 0, 0::bigint
  FROM l
  UNION ALL
  SELECT date_bin('15 minutes', (p_return->>'refundedAt')::timestamptz, timestamptz '2000-01-01 00:00:00+00'),
         0, 0, 0, 0, 0, 0, 0, 1, coalesce((p_return->>'totalRefundCents')::bigint, 0)
  WHERE p_return IS NOT NULL AND p_return->>'refundedAt' IS NOT NULL
$$;
--> statement-breakpoint
-- What one order adds per item × size, all in the quarter hour it was placed: the pieces, their
-- prices less their share of the order's discount (gift cards take no discount), and the pieces of
-- them refunded (a set's line counts its quantity, as it is sold and returned whole).
CREATE OR REPLACE FUNCTION report_item_rows(p_lines jsonb, p_discount integer, p_return jsonb, p_created timestamptz)
RETURNS TABLE (bucket timestamptz, item_id char(24), size text, title text, pieces integer, sales_cents bigint, returned integer)
LANGUAGE sql STABLE AS $$
  WITH l AS (
    SELECT e, i - 1 AS idx, (e->>'unitPriceCents')::bigint * (e->>'quantity')::int AS value
    FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS x(e, i)
    WHERE NOT e ? 'giftCard'
  ), goods AS (SELECT sum(value) AS total FROM l),
  back AS (
    SELECT (r->>'index')::int AS idx, sum((r->>'quantity')::int)::int AS quantity
    FROM jsonb_array_elements(CASE WHEN p_return->>'refundedAt' IS NOT NULL THEN p_return->'items' ELSE '[]'::jsonb END) r
    GROUP BY 1
  )
  SELECT date_bin('15 minutes', p_created, timestamptz '2000-01-01 00:00:00+00'),
         (l.e->>'itemId')::char(24), coalesce(l.e->>'size', ''), coalesce(l.e->>'title', ''),
         (l.e->>'quantity')::int,
         l.value - CASE WHEN goods.total > 0 THEN round(p_discount::numeric * l.value / goods.total)::bigint ELSE 0 END,
         least(coalesce(back.quantity, 0), (l.e->>'quantity')::int)
  FROM l CROSS JOIN goods LEFT JOIN back ON back.idx = l.idx
$$;
--> statement-breakpoint
-- The statements that add the signed figures of the orders `source` (a query of sign and order
-- columns over the transition tables) to the three summaries. The trigger itself runs them: a
-- transition table is visible to the trigger's own statements only, not to a function it calls.
CREATE OR REPLACE FUNCTION report_statements(source text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN ARRAY[format($q$
    INSERT INTO report_sales AS t (bucket, orders, pieces, sales_cents, discount_cents, shipping_cents, tax_cents,
                                   gift_card_cents, refunds, refund_cents)
    SELECT r.bucket, sum(d.sign * r.orders), sum(d.sign * r.pieces), sum(d.sign * r.sales_cents),
           sum(d.sign * r.discount_cents), sum(d.sign * r.shipping_cents), sum(d.sign * r.tax_cents),
           sum(d.sign * r.gift_card_cents), sum(d.sign * r.refunds), sum(d.sign * r.refund_cents)
    FROM (%s) d
    CROSS JOIN LATERAL report_sales_rows(d.lines, d.total_cents, d.discount_cents, d.shipping_cents, d.tax_cents,
                                         d.return_request, d.created_at) r
    GROUP BY r.bucket
    ON CONFLICT (bucket) DO UPDATE SET
      orders = t.orders + excluded.orders, pieces = t.pieces + excluded.pieces,
      sales_cents = t.sales_cents + excluded.sales_cents, discount_cents = t.discount_cents + excluded.discount_cents,
      shipping_cents = t.shipping_cents + excluded.shipping_cents, tax_cents = t.tax_cents + excluded.tax_cents,
      gift_card_cents = t.gift_card_cents + excluded.gift_card_cents, refunds = t.refunds + excluded.refunds,
      refund_cents = t.refund_cents + excluded.refund_cents
  $q$, source),
  -- The same lines by quarter hour × size and by UTC month (a long period ranks its whole months from the latter).
  format($q$
    INSERT INTO report_item_sales AS t (bucket, item_id, size, title, pieces, sales_cents, returned)
    SELECT r.bucket, r.item_id, r.size, max(r.title), sum(d.sign * r.pieces), sum(d.sign * r.sales_cents),
           sum(d.sign * r.returned)
    FROM (%s) d
    CROSS JOIN LATERAL report_item_rows(d.lines, d.discount_cents, d.return_request, d.created_at) r
    GROUP BY r.bucket, r.item_id, r.size
    ON CONFLICT (bucket, item_id, size) DO UPDATE SET
      title = excluded.title, pieces = t.pieces + excluded.pieces,
      sales_cents = t.sales_cents + excluded.sales_cents, returned = t.returned + excluded.returned
  $q$, source),
  format($q$
    INSERT INTO report_item_months AS t (month, item_id, title, pieces, sales_cents, returned)
    SELECT date_trunc('month', r.bucket AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', r.item_id, max(r.title),
           sum(d.sign * r.pieces), sum(d.sign * r.sales_cents), sum(d.sign * r.returned)
    FROM (%s) d
    CROSS JOIN LATERAL report_item_rows(d.lines, d.discount_cents, d.return_request, d.created_at) r
    GROUP BY 1, 2
    ON CONFLICT (month, item_id) DO UPDATE SET
      title = excluded.title, pieces = t.pieces + excluded.pieces,
      sales_cents = t.sales_cents + excluded.sales_cents, returned = t.returned + excluded.returned
  $q$, source)];
END
$$;
--> statement-breakpoint
-- Moves on every write of orders (a sequence: no lock, no row to fight over): the Overview keeps an
-- answer in memory while it has not moved.
CREATE SEQUENCE IF NOT EXISTS report_version;
--> statement-breakpoint
-- The figures an order's update can change: lines, amounts, its date, and its refund (when, what, how much).
CREATE OR REPLACE FUNCTION orders_report_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := '%1$s.lines, %1$s.total_cents, %1$s.discount_cents, %1$s.shipping_cents, %1$s.tax_cents, %1$s.return_request, %1$s.created_at';
  q text;
  source text;
  figures constant text := '(%1$s.lines, %1$s.total_cents, %1$s.discount_cents, %1$s.shipping_cents, %1$s.tax_cents, %1$s.created_at, '
    '%1$s.return_request->''refundedAt'', %1$s.return_request->''items'', %1$s.return_request->''totalRefundCents'')';
BEGIN
  IF TG_OP = 'INSERT' THEN
    source := 'SELECT 1 AS sign, ' || format(cols, 'n') || ' FROM new_rows n';
  ELSIF TG_OP = 'DELETE' THEN
    source := 'SELECT -1 AS sign, ' || format(cols, 'o') || ' FROM old_rows o';
  ELSE
    source :=
      'SELECT -1 AS sign, ' || format(cols, 'o') || ' FROM old_rows o JOIN new_rows n ON n.id = o.id'
      || ' WHERE ' || format(figures, 'o') || ' IS DISTINCT FROM ' || format(figures, 'n')
      || ' UNION ALL SELECT 1 AS sign, ' || format(cols, 'n') || ' FROM new_rows n JOIN old_rows o ON o.id = n.id'
      || ' WHERE ' || format(figures, 'o') || ' IS DISTINCT FROM ' || format(figures, 'n');
  END IF;
  FOREACH q IN ARRAY report_statements(source) LOOP
    EXECUTE q;
  END LOOP;
  PERFORM nextval('report_version');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_report_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_report_refresh();
--> statement-breakpoint
CREATE TRIGGER orders_report_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_report_refresh();
--> statement-breakpoint
CREATE TRIGGER orders_report_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_report_refresh();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_report_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE report_sales, report_item_sales, report_item_months;
  PERFORM nextval('report_version');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_report_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_report_truncate();
--> statement-breakpoint
-- The Overview's 'new subscribers': newsletter sign-ups by date.
CREATE INDEX IF NOT EXISTS "subscriptions_newsletter_created_idx" ON "subscriptions" ("created_at") WHERE "newsletter";
--> statement-breakpoint
-- Orders already placed are counted now.
DO $$
DECLARE q text;
BEGIN
  FOREACH q IN ARRAY report_statements(
    'SELECT 1 AS sign, o.lines, o.total_cents, o.discount_cents, o.shipping_cents, o.tax_cents, o.return_request, o.created_at FROM orders o'
  ) LOOP
    EXECUTE q;
  END LOOP;
END
$$;
