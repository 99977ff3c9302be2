-- Issue 27 (search speed, decision 033): refresh_item_search also keeps search_words, the lexicon of
-- the words of every item's keys, where a shopper's word with a typo finds the words it may mean
-- through a small trigram index; the search then asks the documents' full-text index only. The
-- rest of the function is as migration 0019 wrote it, except that a refresh that changes nothing no
-- longer rewrites the row.
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
  -- A refresh that changes nothing writes nothing (no dead row left for a vacuum).
  WHERE (s.published, s.position, s.created_at, s.title, s.keys, s.vector)
    IS DISTINCT FROM (excluded.published, excluded.position, excluded.created_at, excluded.title, excluded.keys, excluded.vector);
  -- The keys' words join the lexicon typos are looked up in (search_words, decision 033).
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM item_search s, regexp_split_to_table(s.keys, '[^[:alnum:]]+') w
  WHERE s.item_id = ANY (p_ids) AND length(w) >= 2
  ON CONFLICT (word) DO NOTHING
$$;
--> statement-breakpoint
-- The words of the items already in the shop.
INSERT INTO search_words (word)
SELECT DISTINCT w FROM item_search s, regexp_split_to_table(s.keys, '[^[:alnum:]]+') w
WHERE length(w) >= 2
ON CONFLICT (word) DO NOTHING;
