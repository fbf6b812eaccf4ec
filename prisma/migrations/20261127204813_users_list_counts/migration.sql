-- CreateTable
CREATE TABLE "users_list_counts" (
    "company_id" TEXT NOT NULL,
    "entries" INTEGER NOT NULL,

    CONSTRAINT "users_list_counts_pkey" PRIMARY KEY ("company_id")
);

-- Kept exact by a trigger on users_list_entries; the application never writes it. Entries are
-- only ever inserted and deleted (users_list_refresh; an update changes search_text alone), so
-- the two statement-level triggers below see every change of a company's number. Every writer of
-- entries holds the companies' advisory locks first (users_list_lock_companies, in sorted order),
-- so the counts' row locks never wait on each other the other way round.
CREATE FUNCTION users_list_count_entries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO users_list_counts AS c (company_id, entries)
    SELECT company_id, count(*)::int FROM new_rows GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET entries = c.entries + excluded.entries;
  ELSE
    UPDATE users_list_counts c SET entries = c.entries - gone.n
      FROM (SELECT company_id, count(*)::int AS n FROM old_rows GROUP BY company_id) gone
     WHERE c.company_id = gone.company_id;
    DELETE FROM users_list_counts c
     WHERE c.entries = 0 AND c.company_id IN (SELECT company_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_list_count_insert AFTER INSERT ON users_list_entries
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_count_entries();
CREATE TRIGGER users_list_count_delete AFTER DELETE ON users_list_entries
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_count_entries();

-- The numbers of the entries already there.
INSERT INTO users_list_counts (company_id, entries)
SELECT company_id, count(*)::int FROM users_list_entries GROUP BY company_id;
