import type { Prisma } from '@portico/db';

type Tx = Prisma.TransactionClient;

/** What the exchange answers: the user, the company and the user's roles in the client's app. */
export interface ExchangedIdentity {
  user: { id: string; username: string; email: string; dis: string; fname: string; lname: string };
  company: { id: string; name: string };
  roles: string[];
}

/**
 * Names come from the user's preferences in that company (empty when there are none). Roles are
 * the role ids (e.g. `viewer`, not `app.viewer`: the client knows its application) of the user's
 * verified access to the client's application in that company; none when access was removed.
 */
export async function loadIdentity(
  tx: Tx,
  ids: { userId: string; companyId: string; appId: string },
): Promise<ExchangedIdentity> {
  // One after the other: the queries share the transaction's connection.
  const user = await tx.user.findUniqueOrThrow({
    where: { id: ids.userId },
    select: { id: true, username: true, email: true, displayName: true },
  });
  const company = await tx.company.findUniqueOrThrow({
    where: { id: ids.companyId },
    select: { id: true, name: true },
  });
  const preference = await tx.userPreference.findUnique({
    where: { userId_companyId: { userId: ids.userId, companyId: ids.companyId } },
    select: { fname: true, lname: true },
  });
  const access = await tx.access.findFirst({
    where: { userId: ids.userId, companyId: ids.companyId, appId: ids.appId, status: 'verified' },
    select: { roles: { select: { roleId: true }, orderBy: { roleId: 'asc' } } },
  });
  return {
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      dis: user.displayName,
      fname: preference?.fname ?? '',
      lname: preference?.lname ?? '',
    },
    company,
    roles: access?.roles.map((role) => role.roleId) ?? [],
  };
}
