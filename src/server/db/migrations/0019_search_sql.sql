-- Issue 27 (search, decision 033): item_search holds each item's search document, derived by the
-- database itself whatever writes the catalogue (back office, bulk editor, seed, seed:scale, a
-- restore): statement triggers with transition tables on items, product types, colours and
-- categories call refresh_item_search once per statement with the items it touched (a bulk insert
-- of 10,000 rows is one refresh, not 10,000). unaccent() is not immutable, so it cannot sit in an
-- index expression: documents are folded here, at write time, and queries fold the same way.
CREATE OR REPLACE FUNCTION refresh_item_search(p_ids char(24)[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO item_search AS s (item_id, published, position, created_at, title, keys, title_vector, vector)
  SELECT i.id, i.published, i.position, i.created_at, d.title, d.keys,
         to_tsvector('english'::regconfig, d.title),
         strip(to_tsvector('english'::regconfig, d.keys || ' ' || d.body))
  FROM items i
  CROSS JOIN LATERAL (
    SELECT lower(unaccent(i.title)) AS title,
           lower(unaccent(concat_ws(' ',
             i.title,
             (SELECT string_agg(DISTINCT pt.type || ' ' || pt.name, ' ') FROM product_types pt WHERE pt.item_id = i.id),
             (SELECT string_agg(DISTINCT c.color_name, ' ')
                FROM colors c JOIN product_types pt ON pt.id = c.product_type_id WHERE pt.item_id = i.id),
             (SELECT cat.title FROM categories cat WHERE cat.key = i.category)))) AS keys,
           lower(unaccent(coalesce((
             SELECT string_agg(b.value ->> 'text', ' ')
             FROM jsonb_array_elements(CASE WHEN jsonb_typeof(i.description) = 'array' THEN i.description ELSE '[]'::jsonb END) b
           ), ''))) AS body
  ) d
  WHERE i.id = ANY (p_ids)
  ON CONFLICT (item_id) DO UPDATE SET
    published = excluded.published, position = excluded.position, created_at = excluded.created_at,
    title = excluded.title, keys = excluded.keys, title_vector = excluded.title_vector, vector = excluded.vector
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_item_search(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_search_insert AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_search_refresh();
--> statement-breakpoint
CREATE TRIGGER items_search_update AFTER UPDATE ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_search_refresh();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_types_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_item_search(ARRAY(SELECT item_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_item_search(ARRAY(SELECT item_id FROM new_rows UNION SELECT item_id FROM old_rows));
  ELSE
    PERFORM refresh_item_search(ARRAY(SELECT item_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_types_search_insert AFTER INSERT ON product_types REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_types_search_refresh();
--> statement-breakpoint
CREATE TRIGGER product_types_search_update AFTER UPDATE ON product_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_types_search_refresh();
--> statement-breakpoint
CREATE TRIGGER product_types_search_delete AFTER DELETE ON product_types REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_types_search_refresh();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION colors_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_item_search(ARRAY(
      SELECT pt.item_id FROM product_types pt WHERE pt.id IN (SELECT product_type_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM refresh_item_search(ARRAY(
      SELECT pt.item_id FROM product_types pt
      WHERE pt.id IN (SELECT product_type_id FROM new_rows UNION SELECT product_type_id FROM old_rows)));
  ELSE
    PERFORM refresh_item_search(ARRAY(
      SELECT pt.item_id FROM product_types pt WHERE pt.id IN (SELECT product_type_id FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER colors_search_insert AFTER INSERT ON colors REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colors_search_refresh();
--> statement-breakpoint
CREATE TRIGGER colors_search_update AFTER UPDATE ON colors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colors_search_refresh();
--> statement-breakpoint
CREATE TRIGGER colors_search_delete AFTER DELETE ON colors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colors_search_refresh();
--> statement-breakpoint
-- A category's title is in its items' documents: refresh them when it changes (a reorder of the
-- categories changes no title and refreshes nothing; a renamed key reaches the items through the
-- foreign key's cascade, which fires the items trigger).
CREATE OR REPLACE FUNCTION categories_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_item_search(ARRAY(
    SELECT i.id FROM items i WHERE i.category IN (
      SELECT n.key FROM new_rows n
      WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.key = n.key AND o.title = n.title))));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_search_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION categories_search_refresh();
--> statement-breakpoint
-- Items already in the shop get their document now.
SELECT refresh_item_search(ARRAY(SELECT id FROM items));
