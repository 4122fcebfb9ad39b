// Password-change and access history of the caller, paged, within the last year.
import { ACCESS_HISTORY_DAYS, PASSWORD_HISTORY_DAYS } from "../../../shared/users.ts";
import { pageOf, type PageQuery } from "../../../shared/paging.ts";
import type { Caller } from "../../lib/context.ts";
import * as repo from "./repo.ts";

const DAY = 86_400_000;

export async function passwordHistory(caller: Caller, q: PageQuery) {
  const since = new Date(caller.deps.clock.now().getTime() - PASSWORD_HISTORY_DAYS * DAY);
  const { rows, total } = await repo.passwordHistoryPage(caller.deps.db, caller.auth.userId, since, q.pageSize, q.page * q.pageSize);
  return pageOf(rows.map((r) => ({ id: r.id, changeType: r.changeType, ip: r.ip, changeTimeMillis: r.changedAt.getTime() })), total, q);
}

export async function accessHistory(caller: Caller, q: PageQuery) {
  const since = new Date(caller.deps.clock.now().getTime() - ACCESS_HISTORY_DAYS * DAY);
  const { rows, total } = await repo.accessHistoryPage(caller.deps.db, caller.auth.userId, since, q.pageSize, q.page * q.pageSize);
  return pageOf(rows.map((r) => ({ id: r.id, action: r.action, ip: r.ip, userAgent: r.userAgent, accessTimeMillis: r.at.getTime() })), total, q);
}
