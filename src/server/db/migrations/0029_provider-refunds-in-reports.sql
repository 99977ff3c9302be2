-- Issue 29 (decision 044): what a provider refunded outside the shop (in Stripe's or PayPal's
-- dashboard) counts in the Overview's refunds and revenue, as the back office's own refunds do
-- (0027 counts those from orders.return_request), and an order refunded in full there is no longer
-- to ship nor a return to handle.
--
-- The refunds outside the shop in one order_payments.state, each at the provider's time of it: every
-- live refund not tagged as the shop's own, and the rest of the provider's running total that no
-- refund of its own has explained yet (its event has not arrived). Their sum is refundTotals(state)
-- .outsideCents in src/server/modules/webhooks/payment-state.ts (a test holds the two equal).
CREATE OR REPLACE FUNCTION provider_refunds_outside(p_state jsonb)
RETURNS TABLE (at timestamptz, refunds integer, refund_cents bigint)
LANGUAGE sql IMMUTABLE AS $$
  WITH r AS (
    SELECT (v->>'amountCents')::bigint AS amount, coalesce((v->>'byShop')::boolean, false) AS by_shop,
           (v->>'at')::timestamptz AS at
    FROM jsonb_each(coalesce(p_state->'refunds', '{}'::jsonb)) AS e(id, v)
    WHERE v->>'status' IN ('pending', 'succeeded')
  ), totals AS (
    SELECT coalesce(sum(amount) FILTER (WHERE by_shop), 0) AS shop,
           coalesce(sum(amount) FILTER (WHERE NOT by_shop), 0) AS outside,
           count(*) FILTER (WHERE NOT by_shop) AS outside_count,
           coalesce((p_state->'refunded'->>'totalCents')::bigint, 0) AS running,
           (p_state->'refunded'->>'at')::timestamptz AS running_at
    FROM r
  )
  SELECT r.at, 1, r.amount FROM r WHERE NOT r.by_shop
  UNION ALL
  SELECT t.running_at, CASE WHEN t.outside_count = 0 THEN 1 ELSE 0 END, t.running - t.shop - t.outside
  FROM totals t WHERE t.running - t.shop - t.outside > 0
$$;
--> statement-breakpoint
-- All of it, in cents.
CREATE OR REPLACE FUNCTION provider_refunded_outside_cents(p_state jsonb) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(sum(refund_cents), 0)::bigint FROM provider_refunds_outside(p_state)
$$;
--> statement-breakpoint
-- Keeps report_sales' refunds and refund_cents counting the refunds outside the shop, for every
-- write of order_payments (the webhooks' merge, an order's deletion cascading): the old state's
-- refunds are taken away and the new one's added, each in its own quarter hour.
CREATE OR REPLACE FUNCTION order_payments_report_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    source := 'SELECT 1 AS sign, n.state FROM new_rows n';
  ELSIF TG_OP = 'DELETE' THEN
    source := 'SELECT -1 AS sign, o.state FROM old_rows o';
  ELSE
    source := 'SELECT -1 AS sign, o.state FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id WHERE o.state IS DISTINCT FROM n.state'
      || ' UNION ALL SELECT 1 AS sign, n.state FROM new_rows n JOIN old_rows o ON o.order_id = n.order_id WHERE o.state IS DISTINCT FROM n.state';
  END IF;
  EXECUTE format($q$
    INSERT INTO report_sales AS t (bucket, refunds, refund_cents)
    SELECT date_bin('15 minutes', r.at, timestamptz '2000-01-01 00:00:00+00'), sum(d.sign * r.refunds),
           sum(d.sign * r.refund_cents)
    FROM (%s) d
    CROSS JOIN LATERAL provider_refunds_outside(d.state) r
    GROUP BY 1
    ON CONFLICT (bucket) DO UPDATE SET
      refunds = t.refunds + excluded.refunds, refund_cents = t.refund_cents + excluded.refund_cents
  $q$, source);
  PERFORM nextval('report_version');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_payments_report_insert AFTER INSERT ON order_payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_payments_report_refresh();
--> statement-breakpoint
CREATE TRIGGER order_payments_report_update AFTER UPDATE ON order_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_payments_report_refresh();
--> statement-breakpoint
CREATE TRIGGER order_payments_report_delete AFTER DELETE ON order_payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_payments_report_refresh();
--> statement-breakpoint
-- What the webhooks recorded before this migration is counted now.
INSERT INTO report_sales AS t (bucket, refunds, refund_cents)
SELECT date_bin('15 minutes', r.at, timestamptz '2000-01-01 00:00:00+00'), sum(r.refunds), sum(r.refund_cents)
FROM order_payments p CROSS JOIN LATERAL provider_refunds_outside(p.state) r
GROUP BY 1
ON CONFLICT (bucket) DO UPDATE SET
  refunds = t.refunds + excluded.refunds, refund_cents = t.refund_cents + excluded.refund_cents;
