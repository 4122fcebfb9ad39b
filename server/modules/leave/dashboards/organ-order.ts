// Members in the organisation chart's order: a recursive CTE "organ_order(id, key)" whose key sorts every
// organisation of the company depth-first, siblings by sortOrder then id (as the chart shows them). Join it on
// the member's main organisation and order by key (nulls last: members without one).
import { type SQL, sql } from "drizzle-orm";

/** An organisation's place among its siblings; its ancestors' keys before it. */
const placeOf = sql.raw(`lpad((o.sort_order + 1000000000)::text, 10, '0') || lpad(o.id::text, 19, '0')`);

/** `with recursive organ_order(id, key) as (...)`: put it first in the statement. */
export function organOrderCte(companyId: number): SQL {
  return sql`with recursive organ_order(id, key) as (
    select o.id, ${placeOf} from organizations o where o.company_id = ${companyId} and o.parent_id is null
    union all
    select o.id, organ_order.key || '/' || ${placeOf} from organizations o join organ_order on o.parent_id = organ_order.id
    where o.company_id = ${companyId})`;
}
