-- CreateTable
CREATE TABLE "users_list_entries" (
    "company_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "search_text" TEXT,

    CONSTRAINT "users_list_entries_pkey" PRIMARY KEY ("company_id","email")
);

-- CreateIndex
CREATE INDEX "users_list_entries_company_id_email_search_text_idx" ON "users_list_entries"("company_id", "email", "search_text");


-- The entries are kept exact by triggers; the application never writes them.
--
-- Locking, so that concurrent writers cannot leave an entry stale (READ COMMITTED: each
-- statement below reads with a fresh snapshot, taken after the locks before it):
-- - every recomputation of a company's entries holds the transaction-scoped advisory lock
--   'users_list:<company>', so two of them run one after the other and the second reads what
--   the first committed;
-- - a rename finds the user's companies from the access rows it sees, so a writer that adds or
--   removes a user's access row first share-locks that user's row: a rename in progress makes
--   it wait (then it reads the new name), and it makes a rename wait (which then sees its row).
-- Locks are taken users first, then companies (sorted), everywhere.

CREATE FUNCTION users_list_lock_companies(companies text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  company text;
BEGIN
  FOR company IN SELECT DISTINCT c FROM unnest(companies) c WHERE c IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('users_list:' || company, 0));
  END LOOP;
END $$;

-- Recomputes the entries of some (company, e-mail) pairs from access, users and
-- user_preferences: removed when the e-mail has no access row left in the company, otherwise
-- written with its search text (rows whose text is unchanged are left alone). The caller holds
-- the companies' locks.
CREATE FUNCTION users_list_refresh(companies text[], emails text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM users_list_entries e
   USING unnest(companies, emails) k(company_id, email)
   WHERE e.company_id = k.company_id AND e.email = k.email
     AND NOT EXISTS (SELECT 1 FROM access a WHERE a.company_id = k.company_id AND a.email = k.email);
  INSERT INTO users_list_entries AS e (company_id, email, search_text)
  SELECT company_id, email,
         -- A btree entry holds at most about 2,700 bytes: a longer text is left out of the index
         -- (NULL) and the search reads the source tables for that e-mail.
         CASE WHEN octet_length(company_id) + octet_length(email) + octet_length(texts) <= 2000
              THEN texts END
    FROM (SELECT a.company_id, a.email,
                 coalesce(string_agg(DISTINCT lower(u.username) || E'\n' || lower(u.display_name)
                                       || E'\n' || lower(coalesce(p.fname, ''))
                                       || E'\n' || lower(coalesce(p.lname, '')), E'\n'), '') AS texts
            FROM (SELECT DISTINCT company_id, email FROM unnest(companies, emails) k(company_id, email)) k
            JOIN access a ON a.company_id = k.company_id AND a.email = k.email
            LEFT JOIN users u ON u.id = a.user_id
            LEFT JOIN user_preferences p ON p.user_id = a.user_id AND p.company_id = a.company_id
           GROUP BY a.company_id, a.email) computed
  ON CONFLICT (company_id, email) DO UPDATE SET search_text = excluded.search_text
   WHERE e.search_text IS DISTINCT FROM excluded.search_text;
END $$;

-- Access rows added, removed or moved (company, e-mail or user changed). One call a statement, so
-- bulk writes (a company's deletion, a registration linking its invitations) recompute in sets.
CREATE FUNCTION users_list_on_access() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  companies text[];
  emails text[];
  user_ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(email), array_agg(user_id)
      INTO companies, emails, user_ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(email), array_agg(user_id)
      INTO companies, emails, user_ids FROM old_rows;
  ELSE
    -- Only the (company, e-mail, user) triples feed the entries: a status or role change
    -- touches nothing.
    SELECT array_agg(company_id), array_agg(email), array_agg(user_id)
      INTO companies, emails, user_ids
      FROM ((SELECT company_id, email, user_id FROM old_rows
             EXCEPT SELECT company_id, email, user_id FROM new_rows)
            UNION
            (SELECT company_id, email, user_id FROM new_rows
             EXCEPT SELECT company_id, email, user_id FROM old_rows)) changed;
  END IF;
  IF companies IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM users WHERE id IN (SELECT unnest(user_ids)) ORDER BY id FOR SHARE;
  PERFORM users_list_lock_companies(companies);
  PERFORM users_list_refresh(companies, emails);
  RETURN NULL;
END $$;

CREATE TRIGGER users_list_on_access_insert AFTER INSERT ON access
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_on_access();
CREATE TRIGGER users_list_on_access_update AFTER UPDATE ON access
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_on_access();
CREATE TRIGGER users_list_on_access_delete AFTER DELETE ON access
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_on_access();

-- A company's first or last name of a user changed: that user's entries in the company.
CREATE FUNCTION users_list_on_preferences() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  companies text[];
  user_ids text[];
  entry_companies text[];
  emails text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO companies, user_ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(company_id), array_agg(user_id) INTO companies, user_ids FROM old_rows;
  ELSE
    SELECT array_agg(company_id), array_agg(user_id)
      INTO companies, user_ids
      FROM ((SELECT company_id, user_id, fname, lname FROM old_rows
             EXCEPT SELECT company_id, user_id, fname, lname FROM new_rows)
            UNION
            (SELECT company_id, user_id, fname, lname FROM new_rows
             EXCEPT SELECT company_id, user_id, fname, lname FROM old_rows)) changed;
  END IF;
  IF companies IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM users_list_lock_companies(companies);
  SELECT array_agg(a.company_id), array_agg(a.email)
    INTO entry_companies, emails
    FROM access a
    JOIN (SELECT DISTINCT company_id, user_id FROM unnest(companies, user_ids) k(company_id, user_id)) k
      ON a.company_id = k.company_id AND a.user_id = k.user_id;
  IF entry_companies IS NOT NULL THEN
    PERFORM users_list_refresh(entry_companies, emails);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_list_on_preferences_insert AFTER INSERT ON user_preferences
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_on_preferences();
CREATE TRIGGER users_list_on_preferences_update AFTER UPDATE ON user_preferences
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_on_preferences();
CREATE TRIGGER users_list_on_preferences_delete AFTER DELETE ON user_preferences
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_list_on_preferences();

-- A username or display name changed: the user's entries in every company. The UPDATE holds the
-- user's row lock; the companies' locks come after it, as everywhere.
CREATE FUNCTION users_list_on_user() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  companies text[];
  emails text[];
BEGIN
  SELECT array_agg(company_id) INTO companies FROM access WHERE user_id = NEW.id;
  IF companies IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM users_list_lock_companies(companies);
  SELECT array_agg(company_id), array_agg(email) INTO companies, emails
    FROM access WHERE user_id = NEW.id;
  IF companies IS NOT NULL THEN
    PERFORM users_list_refresh(companies, emails);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER users_list_on_user AFTER UPDATE OF username, display_name ON users
  FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.display_name IS DISTINCT FROM NEW.display_name)
  EXECUTE FUNCTION users_list_on_user();

-- The entries of the rows already there.
SELECT users_list_refresh(array_agg(company_id), array_agg(email)) FROM access;
