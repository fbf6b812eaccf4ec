import { users } from '@portico/contracts';

/** A user of the list: the flat rows of one e-mail, grouped by the contracts' rule. */
export type GroupedUser = users.GroupedUser;
export const groupUserRows = users.groupUserRows;
