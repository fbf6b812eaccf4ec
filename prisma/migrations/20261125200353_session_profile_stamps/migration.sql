-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "profile_stamp" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "session_profile_epoch" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "value" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "session_profile_epoch_pkey" PRIMARY KEY ("id")
);

INSERT INTO "session_profile_epoch" ("id", "value") VALUES (1, 0);

-- The session check (apps/api/src/sessions/read-session.ts) keeps, per replica, what it reads
-- beside a session: the user's names and factors, their roles and role names in the session's
-- company, the company, the client's timeout. Each request still reads the session row (its
-- end, expiry, activity, company) and these two counters; the copy is used only while both are
-- what it was read with. The triggers raise them in the same transaction as the change, so the
-- next request on every replica sees it (docs/replicas.md, "Kept session profiles").

-- What belongs to one user: their live sessions' stamps. Statement-level with transition
-- tables, so a bulk change (an import, a cascade) is one UPDATE, not one per row.
CREATE FUNCTION "raise_session_stamps_of_users"(user_ids text[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE "sessions" SET "profile_stamp" = "profile_stamp" + 1
   WHERE "user_id" = ANY (user_ids) AND "ended_at" IS NULL
$$;

CREATE FUNCTION "session_stamps_rows_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "raise_session_stamps_of_users"(ARRAY(SELECT DISTINCT "user_id" FROM new_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION "session_stamps_rows_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "raise_session_stamps_of_users"(ARRAY(SELECT DISTINCT "user_id" FROM old_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION "session_stamps_rows_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "raise_session_stamps_of_users"(ARRAY(
    SELECT "user_id" FROM old_rows UNION SELECT "user_id" FROM new_rows));
  RETURN NULL;
END $$;

-- What belongs to a user in one company (access, its roles, names there) is read only for a
-- session whose company it is: only those sessions' stamps are raised, so a change in one
-- company leaves the user's sessions in another as they are (tenant isolation).
CREATE FUNCTION "raise_session_stamps_of_members"(members jsonb) RETURNS void
LANGUAGE sql AS $$
  UPDATE "sessions" s SET "profile_stamp" = s."profile_stamp" + 1
    FROM jsonb_to_recordset(members) AS m("user_id" text, "company_id" text)
   WHERE s."user_id" = m."user_id" AND s."current_company_id" = m."company_id"
     AND s."ended_at" IS NULL
$$;

CREATE FUNCTION "session_stamps_members_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "raise_session_stamps_of_members"((
      SELECT jsonb_agg(DISTINCT jsonb_build_object('user_id', "user_id", 'company_id', "company_id"))
        FROM new_rows WHERE "user_id" IS NOT NULL));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "raise_session_stamps_of_members"((
      SELECT jsonb_agg(DISTINCT jsonb_build_object('user_id', "user_id", 'company_id', "company_id"))
        FROM old_rows WHERE "user_id" IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;

-- access_roles names neither: its access row does (a role removed with its access row is the
-- access trigger's).
CREATE FUNCTION "session_stamps_access_roles_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "raise_session_stamps_of_members"((
      SELECT jsonb_agg(DISTINCT jsonb_build_object('user_id', a."user_id", 'company_id', a."company_id"))
        FROM "access" a JOIN new_rows n ON n."access_id" = a."id" WHERE a."user_id" IS NOT NULL));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "raise_session_stamps_of_members"((
      SELECT jsonb_agg(DISTINCT jsonb_build_object('user_id', a."user_id", 'company_id', a."company_id"))
        FROM "access" a JOIN old_rows o ON o."access_id" = a."id" WHERE a."user_id" IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "access_ins_session_stamps" AFTER INSERT ON "access"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_members_changed"();
CREATE TRIGGER "access_upd_session_stamps" AFTER UPDATE ON "access"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_members_changed"();
CREATE TRIGGER "access_del_session_stamps" AFTER DELETE ON "access"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_members_changed"();

CREATE TRIGGER "access_roles_ins_session_stamps" AFTER INSERT ON "access_roles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_access_roles_changed"();
CREATE TRIGGER "access_roles_upd_session_stamps" AFTER UPDATE ON "access_roles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_access_roles_changed"();
CREATE TRIGGER "access_roles_del_session_stamps" AFTER DELETE ON "access_roles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_access_roles_changed"();

CREATE TRIGGER "user_preferences_ins_session_stamps" AFTER INSERT ON "user_preferences"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_members_changed"();
CREATE TRIGGER "user_preferences_upd_session_stamps" AFTER UPDATE ON "user_preferences"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_members_changed"();
CREATE TRIGGER "user_preferences_del_session_stamps" AFTER DELETE ON "user_preferences"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_members_changed"();

CREATE TRIGGER "pins_ins_session_stamps" AFTER INSERT ON "pins"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_rows_inserted"();
CREATE TRIGGER "pins_del_session_stamps" AFTER DELETE ON "pins"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_rows_deleted"();

CREATE TRIGGER "passkey_credentials_ins_session_stamps" AFTER INSERT ON "passkey_credentials"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_rows_inserted"();
CREATE TRIGGER "passkey_credentials_del_session_stamps" AFTER DELETE ON "passkey_credentials"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_rows_deleted"();

-- Whether an authenticator app is set up is whether its secret is sealed in.
CREATE TRIGGER "totp_factors_ins_session_stamps" AFTER INSERT ON "totp_factors"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_rows_inserted"();
CREATE TRIGGER "totp_factors_upd_session_stamps" AFTER UPDATE ON "totp_factors"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_rows_updated"();
CREATE TRIGGER "totp_factors_del_session_stamps" AFTER DELETE ON "totp_factors"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "session_stamps_rows_deleted"();

-- The user row: only the columns the session check reads (sign-in writes others).
CREATE FUNCTION "session_stamps_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "raise_session_stamps_of_users"(ARRAY[NEW."id"]);
  RETURN NULL;
END $$;

CREATE TRIGGER "users_upd_session_stamps"
  AFTER UPDATE OF "display_name", "email", "avatar_id", "pin_enabled", "passkey_enabled", "biometrics_enabled" ON "users"
  FOR EACH ROW
  WHEN ((OLD."display_name", OLD."email", OLD."avatar_id", OLD."pin_enabled", OLD."passkey_enabled", OLD."biometrics_enabled")
        IS DISTINCT FROM
        (NEW."display_name", NEW."email", NEW."avatar_id", NEW."pin_enabled", NEW."passkey_enabled", NEW."biometrics_enabled"))
  EXECUTE FUNCTION "session_stamps_user_changed"();

-- What many sessions share (a client, a role's name, a company): one counter for all.
CREATE FUNCTION "raise_session_profile_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "session_profile_epoch" SET "value" = "value" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;

CREATE TRIGGER "clients_session_profile_epoch"
  AFTER UPDATE OF "session_activity_timeout", "allow_delete" ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_session_profile_epoch"();
CREATE TRIGGER "roles_session_profile_epoch"
  AFTER UPDATE OF "name" ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_session_profile_epoch"();
CREATE TRIGGER "companies_session_profile_epoch"
  AFTER UPDATE OF "name", "image_id" ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_session_profile_epoch"();
