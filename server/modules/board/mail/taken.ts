// For the modules that hand out addresses (new users, aliases, organisations' group addresses): whether a
// board holds the address (its local part on its company's first domain; a deleted board keeps it while it can
// be restored). Its own file, importing no other module, so they can use it without an import cycle.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";

export async function isBoardAddress(db: DbOrTx, address: string): Promise<boolean> {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf("@");
  if (at <= 0) return false;
  const rows = await db.execute(sql`
    select 1 from boards b join company_domains d on d.company_id = b.company_id
     where b.mail_local_part = ${a.slice(0, at)} and d.domain = ${a.slice(at + 1)}
       and d.id = (select f.id from company_domains f where f.company_id = d.company_id order by f.is_primary desc, f.id limit 1)
     limit 1`);
  return rows.length > 0;
}
