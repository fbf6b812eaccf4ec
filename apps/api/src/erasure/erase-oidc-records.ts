import type { Prisma } from '@portico/db';

type Tx = Prisma.TransactionClient;

/**
 * Deletes the OpenID Provider's records (oidc_records) that name the person: every record
 * holding, as a whole string value anywhere in its payload, the account id (the Grant itself,
 * the browser's provider Session, an Interaction's session and result) or one of `names`
 * (lowercased; a login_hint with the e-mail, in an Interaction or a pushed request).
 * Revoking the grants (oidc/grants.ts) deletes only the records that carry a grant id (codes
 * and tokens): the Grant record is keyed by its own id, and sessions and interactions have
 * none. The text test only narrows the rows read; the values decide.
 */
export async function eraseOidcRecords(
  tx: Tx,
  accountId: string,
  names: readonly string[],
): Promise<void> {
  const values = [accountId.toLowerCase(), ...names];
  const quoted = values.map((value) => JSON.stringify(value));
  await tx.$executeRaw`
    DELETE FROM oidc_records r
     WHERE EXISTS (SELECT 1 FROM unnest(${quoted}::text[]) AS q(text)
                    WHERE position(q.text in lower(r.payload::text)) > 0)
       AND EXISTS (SELECT 1 FROM jsonb_path_query(r.payload, 'strict $.**') AS v(value)
                    WHERE jsonb_typeof(v.value) = 'string'
                      AND lower(v.value #>> '{}') = ANY(${values}::text[]))`;
}
