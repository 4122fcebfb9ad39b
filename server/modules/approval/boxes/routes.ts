// The boxes calls of /api/approval (shared/approval/documents.ts box/*, config.ts dashboard/*). Mounted by
// ../routes.ts (sign-in and the useApproval gate are checked there).
//   GET box/{boxKey}?boxQuery                       Page<DocumentSummary>; unknown key 404
//   GET dashboard/count                             DashboardCounts
//   GET dashboard/list                              DashboardLists
//   GET dashboard/export/download/excel?box&…       the box as .xlsx
import { Hono } from "hono";
import { boxKeyParam, boxQuery } from "../../../../shared/approval/documents.ts";
import { exportQuery } from "../../../../shared/approval/config.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { notFound } from "../../../lib/errors.ts";
import { query } from "../../../lib/validate.ts";
import { dashboardCounts, dashboardLists } from "./dashboard.ts";
import { exportBox, XLSX_TYPE } from "./export.ts";
import { listBox } from "./service.ts";

const exportBoxQuery = boxQuery.extend(exportQuery.shape);

export function boxRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/box/:boxKey", async (c) => {
    const key = boxKeyParam.safeParse(c.req.param("boxKey"));
    if (!key.success) throw notFound();
    return c.json(await listBox(callerOf(c), key.data, query(c, boxQuery)));
  });
  r.get("/dashboard/count", async (c) => c.json(await dashboardCounts(callerOf(c))));
  r.get("/dashboard/list", async (c) => c.json(await dashboardLists(callerOf(c))));
  r.get("/dashboard/export/download/excel", async (c) => {
    const q = query(c, exportBoxQuery);
    const file = await exportBox(callerOf(c), q.box, q);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      ...fileHeaders(XLSX_TYPE, file.fileName, { length: file.bytes.length, cache: "private, no-store" }),
    });
  });
  return r;
}
