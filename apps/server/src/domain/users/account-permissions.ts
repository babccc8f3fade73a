/** The account's access permissions (who may create users, which server-user options may be set). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, type AccessPermissions } from '../../db/schema/index.js';

export async function accountPermissions(db: DbOrTx, accountId: number): Promise<AccessPermissions | undefined> {
  const [a] = await db
    .select({ permissions: accounts.accessPermissions })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return a?.permissions;
}
