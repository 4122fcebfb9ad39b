// The reports calls of api/hr/leaves (shared/leave/leave.ts). Mounted by ../routes.ts under /api (sign-in and
// the useLeave gate are checked there). HR only: 403 leave.hr_only.
//   GET hr/leaves/report?kind=ledger|usage&from&to&organId&includeChildren   .xlsx (ledger-report.ts, usage-report.ts)
//   GET hr/leaves/promotions?year                                           Promotion[] (promotions.ts)
import { Hono } from "hono";
import { promotionsQuery, reportQuery } from "../../../../shared/leave/leave.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { query } from "../../../lib/validate.ts";
import { requireHr } from "../dashboards/access.ts";
import { ledgerReport } from "./ledger-report.ts";
import { promotionsOf } from "./promotions.ts";
import { usageReport } from "./usage-report.ts";
import { XLSX_TYPE } from "./workbook.ts";

export function reportRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/hr/leaves/report", async (c) => {
    const caller = callerOf(c);
    requireHr(caller); // before the query's checks: others learn nothing of the report
    const q = query(c, reportQuery);
    const file = q.kind === "usage" ? await usageReport(caller, q) : await ledgerReport(caller, q);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      ...fileHeaders(XLSX_TYPE, file.fileName, { length: file.bytes.length, cache: "private, no-store" }),
    });
  });
  r.get("/hr/leaves/promotions", async (c) => c.json(await promotionsOf(callerOf(c), query(c, promotionsQuery).year)));
  return r;
}
