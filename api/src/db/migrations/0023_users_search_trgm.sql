-- The console's user search matches email and name with ILIKE '%text%': trigram GIN indexes answer that
-- without reading every user. pg_trgm ships with PostgreSQL (a trusted extension: the database's owner may
-- create it) and with PGlite (the API loads it). Where it is not installed, or this role may not create it,
-- the indexes are left out and the search reads the table as before: the site runs the same either way.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
  ELSE
    RAISE NOTICE 'pg_trgm is not available: the user search reads the users table without a trigram index';
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm cannot be created by this role: the user search reads the users table without a trigram index';
END
$$;
