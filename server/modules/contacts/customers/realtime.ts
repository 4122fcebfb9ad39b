// CUSTOMER_CHANGED (shared/contacts/constants.ts customerTopic) with ids only, after a change has committed: to
// every user who reads the changed group (everyone for a public group; otherwise its members and the book
// admins), so their open lists, cards and histories refetch without a reload. A change of the groups
// themselves (add, edit, delete, restore, the admins) reaches every active user of the company: who may read a
// group can be what changed, and the tree of each shows it. Best effort: a failed publish is logged, never
// thrown (the change stands; the other browsers see it on their next load).
import { sql } from "drizzle-orm";
import { CUSTOMER_CHANGED, customerTopic } from "../../../../shared/contacts/constants.ts";
import type { Caller } from "../../../lib/context.ts";

/** groupId → the usernames of those who read it (deleted groups included: their writers see them to restore). */
async function readersOf(caller: Caller, groupIds: number[]): Promise<Map<number, string[]>> {
  const companyId = caller.auth.companyId;
  const rows = await caller.deps.db.execute<{ group_id: string; username: string }>(sql`
    select g.id as group_id, u.username from customer_groups g
    join users u on u.company_id = g.company_id and u.status = 'ACTIVE'
    where g.company_id = ${companyId} and g.id in (${sql.join(groupIds.map((id) => sql`${id}`), sql`, `)})
      and (g.is_public or u.role = 'ROLE_ADMIN'
        or exists (select 1 from customer_admins a where a.company_id = g.company_id and a.user_id = u.id)
        or exists (select 1 from customer_group_members m where m.group_id = g.id and m.user_id = u.id))`);
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const id = Number(r.group_id);
    out.set(id, [...(out.get(id) ?? []), r.username]);
  }
  return out;
}

/** Cards or history of these groups changed (cardId: the one card, when there is one). */
export async function announce(caller: Caller, groupIds: number[], cardId?: number | null) {
  const unique = [...new Set(groupIds)];
  if (!unique.length) return;
  try {
    const readers = await readersOf(caller, unique);
    await Promise.all([...readers].flatMap(([groupId, names]) =>
      names.map((u) => caller.deps.realtime.publish(customerTopic(u), CUSTOMER_CHANGED, cardId ? { groupId, cardId } : { groupId }))
    ));
  } catch (err) {
    caller.deps.log.error("customer realtime: announcing a change failed", err);
  }
}

/** The groups themselves changed: every active user of the company refetches the tree. */
export async function announceGroups(caller: Caller, groupId: number) {
  try {
    const rows = await caller.deps.db.execute<{ username: string }>(sql`
      select username from users where company_id = ${caller.auth.companyId} and status = 'ACTIVE'`);
    await Promise.all(rows.map((r) => caller.deps.realtime.publish(customerTopic(r.username), CUSTOMER_CHANGED, { groupId, tree: 1 })));
  } catch (err) {
    caller.deps.log.error("customer realtime: announcing a group change failed", err);
  }
}
