// The boxes (GET box/{boxKey}): the caller's scope, what the box holds (sources.ts), the filters (filters.ts),
// one page in the order asked (page size: the company's basic config, else 10), and the summaries of that page.
import type { BoxKey } from "../../../../shared/approval/constants.ts";
import type { BoxQuery, DocumentSummary } from "../../../../shared/approval/documents.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { Caller } from "../../../lib/context.ts";
import { basicConfig } from "../config/settings.ts";
import { filterCondition } from "./filters.ts";
import { boxPage, summariesOf } from "./repo.ts";
import { type BoxScope, scopeOf } from "./scope.ts";
import { boxSource } from "./sources.ts";

export function callerScope(caller: Caller): Promise<BoxScope> {
  return scopeOf(caller.deps.db, caller.auth.companyId, caller.auth.userId, caller.deps.clock.now());
}

/** The documents of a box in the order and with the filters asked: at most `limit` from `offset`. */
export async function boxDocuments(
  caller: Caller,
  scope: BoxScope,
  box: BoxKey,
  q: BoxQuery,
  limit: number,
  offset: number,
  withTotal = true,
): Promise<{ content: DocumentSummary[]; total: number }> {
  const src = boxSource(box, scope, q.organId);
  const filter = filterCondition(q);
  const db = caller.deps.db;
  const { rows, total } = await boxPage(db, scope.companyId, src, filter, { sort: q.sort ?? src.defaultSort, dir: q.dir }, limit, offset, withTotal);
  return { content: await summariesOf(db, scope.companyId, rows), total };
}

/** GET box/{boxKey} */
export async function listBox(caller: Caller, box: BoxKey, q: BoxQuery): Promise<Page<DocumentSummary>> {
  const [scope, size] = await Promise.all([callerScope(caller), q.size ?? basicConfig(caller).then((c) => c.pageSize)]);
  const { content, total } = await boxDocuments(caller, scope, box, q, size, q.page * size);
  return pageOf(content, total, { page: q.page, pageSize: size });
}
