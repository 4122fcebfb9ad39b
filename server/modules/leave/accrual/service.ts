// The accrual, stored: for a company, every grant engine.ts says is due up to today (Asia/Seoul) becomes an
// APPROVED allocation of the ANNUAL template (source ACCRUAL, or SETTLEMENT for 퇴사 정산), inserted by its
// accrual key so running again — the daily job on every instance, the HR call — adds nothing twice. Then the
// accrued allocations that ended are logged EXPIRED once, with their unused days, and when the policy carries
// unused days over (carryOverMaxDays > 0) the lapsed days up to that maximum become a CARRY_OVER allocation
// (granted 0, carried_over the days: remaining = granted − used + carriedOver). Each new allocation is logged
// (GRANTED, CARRIED_OVER) in leave_logs with no actor (the system did it).
//
// One company at a time in one transaction under the company's advisory lock, so concurrent runs queue rather
// than both logging an expiry. The employees are told (LEAVE_CHANGED) after the commit.
import { LEAVE_CHANGED, LEAVE_TIME_ZONE, leaveTopic } from "../../../../shared/leave/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { annualTemplate, ensureLeaveDefaults } from "../settings/defaults.ts";
import { carryOversDue, type Lapsing } from "./carry-over.ts";
import { type Employment, type Grant, grantsDue, nextGrantOf } from "./engine.ts";
import { accrualPolicyOf } from "./policy.ts";
import * as repo from "./repo.ts";

export interface AccrualRun {
  /** Allocations made (grants, settlements, carry-overs). */
  granted: number;
  /** Accrued allocations newly logged as expired. */
  expired: number;
}

/** Today's date in the company's zone. */
export function leaveToday(deps: Pick<AppDeps, "clock">): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: LEAVE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(deps.clock.now());
}

const REASONS: Record<Grant["kind"], string> = {
  MONTHLY: "근로기준법 제60조 제2항 (1개월 개근 1일)",
  ANNUAL: "근로기준법 제60조 제1항·제4항",
  PRORATED: "회계연도 기준 비례 부여",
  TRANSITION: "부여 기준 변경 전환 비례 부여",
  SETTLEMENT: "퇴사 정산 (입사일 기준)",
};

/** Runs the accrual of one company up to `today`. */
export async function runCompanyAccrual(deps: AppDeps, companyId: number, today = leaveToday(deps)): Promise<AccrualRun> {
  const policyRow = await ensureLeaveDefaults(deps.db, companyId);
  const template = await annualTemplate(deps.db, companyId);
  const policy = accrualPolicyOf(policyRow);
  const changed = new Map<number, string>();
  const result = await transactionWithRetry(deps.db, async (tx) => {
    changed.clear();
    await repo.lockCompany(tx, companyId);
    const people = await repo.employees(tx, companyId);
    const attendance = await repo.attendanceOf(tx, companyId);
    const have = await repo.existingKeys(tx, companyId);
    const advances = await repo.advancesOf(tx, companyId);
    const stored = await repo.storedGrantsOf(tx, companyId);
    const wanted: repo.NewAllocation[] = [];
    const why = new Map<string, Grant>();
    for (const p of people) {
      const e: Employment = { hireDate: p.hireDate, leaveDate: p.leaveDate, attendance: attendance.filter((a) => a.userId === p.userId), stored: stored.get(p.userId) ?? [] };
      const borrowed = advances.filter((a) => a.userId === p.userId);
      for (const g of grantsDue(e, policy, today)) {
        if (have.has(`${p.userId}|${g.key}`)) continue;
        // Days used in advance of this grant (ledger/advance.ts: borrowed against the next grant) come off it.
        const advance = g.kind === "ANNUAL" || g.kind === "PRORATED" || g.kind === "TRANSITION"
          ? borrowed.filter((a) => nextGrantOf({ ...e, leaveDate: null }, policy, a.validFrom)?.grantDate === g.grantDate).reduce((n, a) => n + a.days, 0)
          : 0;
        const days = Math.max(0, Math.round((g.days - advance) * 1000) / 1000);
        why.set(`${p.userId}|${g.key}`, { ...g, basis: advance > 0 ? `${g.basis}; ${g.days} − ${advance} used in advance` : g.basis });
        wanted.push({
          userId: p.userId, key: g.key, source: g.kind === "SETTLEMENT" ? "SETTLEMENT" : "ACCRUAL",
          reason: `${REASONS[g.kind]} · ${why.get(`${p.userId}|${g.key}`)!.basis}`, validFrom: g.validFrom, validTo: g.validTo, granted: days, carriedOver: 0,
        });
      }
    }
    const logs: repo.LogRow[] = [];
    const inserted = await repo.insertMissing(tx, companyId, template.id, wanted);
    for (const a of inserted) {
      const g = why.get(`${a.userId}|${a.key}`)!;
      logs.push({ userId: a.userId, refId: a.id, action: "GRANTED", summary: REASONS[g.kind], days: a.granted, detail: { key: g.key, kind: g.kind, grantDate: g.grantDate, basis: g.basis } });
    }

    const lapsed = await repo.lapsedAccruals(tx, companyId, template.id, today);
    let expired = 0;
    for (const a of lapsed) {
      if (a.expiryLogged) continue;
      expired++;
      logs.push({ userId: a.userId, refId: a.id, action: "EXPIRED", summary: "근로기준법 제60조 제7항 (1년 소멸)", days: Math.max(0, a.unused), detail: { validTo: a.validTo } });
    }

    let carried: Awaited<ReturnType<typeof repo.insertMissing>> = [];
    if (policyRow.carryOverMaxDays > 0) {
      const carries: repo.NewAllocation[] = [];
      for (const p of people) {
        // Accrued days carry once: a carry-over that lapses in turn is not carried again.
        const mine: Lapsing[] = lapsed.filter((a) => a.userId === p.userId && a.source === "ACCRUAL").map((a) => ({ validTo: a.validTo, unused: a.unused }));
        for (const c of carryOversDue(mine, policyRow.carryOverMaxDays, today, p.leaveDate)) {
          // lapsed long ago (a carry-over that would already have ended), or carried already
          if (c.validTo < today || have.has(`${p.userId}|${c.key}`)) continue;
          carries.push({
            userId: p.userId, key: c.key, source: "CARRY_OVER", reason: `이월 (${c.lapsedOn} 소멸분 ${c.unused}일 중 최대 ${policyRow.carryOverMaxDays}일)`,
            validFrom: c.validFrom, validTo: c.validTo, granted: 0, carriedOver: c.days,
          });
        }
      }
      carried = await repo.insertMissing(tx, companyId, template.id, carries);
      for (const a of carried) logs.push({ userId: a.userId, refId: a.id, action: "CARRIED_OVER", summary: "이월", days: a.carriedOver, detail: { key: a.key } });
    }

    await repo.insertLogs(tx, companyId, logs);
    const username = new Map(people.map((p) => [p.userId, p.username]));
    for (const l of logs) changed.set(l.userId, username.get(l.userId)!);
    return { granted: inserted.length + carried.length, expired };
  });
  for (const [userId, username] of changed) {
    await deps.realtime.publish(leaveTopic(username), LEAVE_CHANGED, { userId }).catch((e) => deps.log.warn("leave accrual notice failed", e));
  }
  return result;
}

/** The daily pass: every company with leave switched on; one company's failure does not stop the others. */
export async function runAccrualForAll(deps: AppDeps): Promise<AccrualRun> {
  const today = leaveToday(deps);
  const total: AccrualRun = { granted: 0, expired: 0 };
  for (const companyId of await repo.companiesWithLeave(deps.db)) {
    try {
      const r = await runCompanyAccrual(deps, companyId, today);
      total.granted += r.granted;
      total.expired += r.expired;
    } catch (e) {
      deps.log.error(`leave accrual of company ${companyId} failed`, e);
    }
  }
  return total;
}
