import type { TestApp } from '../../test/harness.js';

/** Test support (not a test file itself): a crash between a block and the end of sessions. */

/**
 * Makes every statement that ends a live session of `userId` fail, as a crash or a lost
 * connection at that moment would, until the returned function is called. A PostgreSQL trigger
 * of the test's own, on that user's rows only, so that the file's other tests are unaffected.
 */
export async function failSessionEndsOf(t: TestApp, userId: string): Promise<() => Promise<void>> {
  // A name of hex digits only, from the user's UUID: safe in the DDL below.
  const name = `test_fail_session_end_${userId.replaceAll('-', '')}`;
  await t.db.prisma.$executeRawUnsafe(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the test made the end of this session fail';
    END $$`);
  await t.db.prisma.$executeRawUnsafe(`
    CREATE TRIGGER ${name} BEFORE UPDATE OF ended_at ON sessions FOR EACH ROW
      WHEN (OLD.user_id = '${userId}' AND OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL)
      EXECUTE FUNCTION ${name}()`);
  return async () => {
    await t.db.prisma.$executeRawUnsafe(`DROP TRIGGER ${name} ON sessions`);
    await t.db.prisma.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
  };
}
