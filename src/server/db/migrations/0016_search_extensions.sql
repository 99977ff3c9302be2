-- Issue 27: search matches words (full-text search) and forgives typos (trigram similarity), and
-- ignores accents. pg_trgm and unaccent ship with PostgreSQL's contrib package and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
