-- What many sessions share (a client's timeout or allow_delete, a role's name, a company's name
-- or image) raised one counter, session_profile_epoch, that every session check had to read
-- beside its session row. It now raises the stamps of the live sessions it concerns, like the
-- rest of a session's profile (migration session_profile_stamps): the session check reads one
-- row of one table, and a change in one company, client or role leaves the other sessions' kept
-- profiles as they are. These changes are rare administrator actions; each rewrites the stamps
-- of the live sessions concerned, found by index (docs/replicas.md, "Kept session profiles").

DROP TRIGGER "clients_session_profile_epoch" ON "clients";
DROP TRIGGER "roles_session_profile_epoch" ON "roles";
DROP TRIGGER "companies_session_profile_epoch" ON "companies";
DROP FUNCTION "raise_session_profile_epoch"();

-- DropTable
DROP TABLE "session_profile_epoch";

-- A client's timeout or allow_delete: its live sessions.
CREATE FUNCTION "session_stamps_client_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sessions" SET "profile_stamp" = "profile_stamp" + 1
   WHERE "client_id" = NEW."id" AND "ended_at" IS NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER "clients_upd_session_stamps"
  AFTER UPDATE OF "session_activity_timeout", "allow_delete" ON "clients"
  FOR EACH ROW
  WHEN ((OLD."session_activity_timeout", OLD."allow_delete")
        IS DISTINCT FROM (NEW."session_activity_timeout", NEW."allow_delete"))
  EXECUTE FUNCTION "session_stamps_client_changed"();

-- A company's name or image: the live sessions whose current company it is.
CREATE FUNCTION "session_stamps_company_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sessions" SET "profile_stamp" = "profile_stamp" + 1
   WHERE "current_company_id" = NEW."id" AND "ended_at" IS NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER "companies_upd_session_stamps"
  AFTER UPDATE OF "name", "image_id" ON "companies"
  FOR EACH ROW
  WHEN ((OLD."name", OLD."image_id") IS DISTINCT FROM (NEW."name", NEW."image_id"))
  EXECUTE FUNCTION "session_stamps_company_changed"();

-- A role's name: the live sessions of its holders, in the company where they hold it (any
-- access status: raising one too many only reads a profile again).
CREATE FUNCTION "session_stamps_role_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sessions" s SET "profile_stamp" = s."profile_stamp" + 1
    FROM "access" a JOIN "access_roles" ar ON ar."access_id" = a."id"
   WHERE ar."app_id" = NEW."app_id" AND ar."role_id" = NEW."id"
     AND s."user_id" = a."user_id" AND s."current_company_id" = a."company_id"
     AND s."ended_at" IS NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER "roles_upd_session_stamps"
  AFTER UPDATE OF "name" ON "roles"
  FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "session_stamps_role_changed"();
