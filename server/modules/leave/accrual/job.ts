// The accrual job (server/jobs/index.ts): every hour, so a grant due today (Asia/Seoul) is made within an hour
// of midnight whichever instance runs it; a pass that finds everything made writes nothing (accrual keys).
import type { AppDeps } from "../../../lib/context.ts";
import type { Job } from "../../../jobs/runner.ts";
import { runAccrualForAll } from "./service.ts";

export const ACCRUAL_INTERVAL_MS = 60 * 60_000;

export function leaveAccrualJob(deps: AppDeps): Job {
  return { name: "leave-accrual", intervalMs: ACCRUAL_INTERVAL_MS, tick: async () => void await runAccrualForAll(deps) };
}
