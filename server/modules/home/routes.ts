// The home dashboard's HTTP API (the call list: shared/home/api.ts): the user's config under
// /api/users/dashboard (signed in, useHome on: 403 home.disabled) and the company's default layout under
// /api/admin/dashboard/default (company admins, as every /api/admin call).
import { Hono } from "hono";
import { bookmarkBody, bookmarkIdQuery, bookmarkUpdateBody, notepadBody, widgetDataQuery } from "../../../shared/home/api.ts";
import { HOME_ERRORS } from "../../../shared/home/errors.ts";
import { widgetsBody } from "../../../shared/home/widgets.ts";
import { requireAdmin, requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { body, query } from "../../lib/validate.ts";
import * as bookmarks from "./bookmarks.ts";
import * as config from "./config.ts";
import { widgetData } from "./widget-data.ts";

const BASE = "/api/users/dashboard";
const ADMIN = "/api/admin/dashboard/default";

export function homeRoutes() {
  const r = new Hono<AppEnv>();
  r.use(`${BASE}/*`, requireAuth, moduleGate("useHome", HOME_ERRORS.disabled));
  r.use(ADMIN, requireAuth, requireAdmin, moduleGate("useHome", HOME_ERRORS.disabled));

  r.get(`${BASE}/config`, async (c) => c.json(await config.dashboardConfig(callerOf(c))));
  r.post(`${BASE}/config/bookmark`, async (c) => c.json(await bookmarks.addBookmark(callerOf(c), await body(c, bookmarkBody)), 201));
  r.put(`${BASE}/config/bookmark`, async (c) => c.json(await bookmarks.updateBookmark(callerOf(c), await body(c, bookmarkUpdateBody)), 201));
  r.delete(`${BASE}/config/bookmark`, async (c) => c.json(await bookmarks.deleteBookmark(callerOf(c), query(c, bookmarkIdQuery).id)));
  r.put(`${BASE}/config/widgets`, async (c) => c.json(await config.saveWidgets(callerOf(c), (await body(c, widgetsBody)).widgets)));
  r.delete(`${BASE}/config/widgets`, async (c) => c.json(await config.resetWidgets(callerOf(c))));
  r.get(`${BASE}/config/notepad`, async (c) => c.json(await config.notepad(callerOf(c))));
  r.post(`${BASE}/config/notepad`, async (c) => c.json(await config.saveNotepad(callerOf(c), (await body(c, notepadBody)).content)));
  r.get(`${BASE}/widgets/:component`, async (c) => {
    const component = c.req.param("component");
    return c.json(await widgetData(callerOf(c), component, query(c, widgetDataQuery)));
  });

  r.get(ADMIN, async (c) => c.json(await config.companyDefault(callerOf(c))));
  r.put(ADMIN, async (c) => c.json(await config.setCompanyDefault(callerOf(c), (await body(c, widgetsBody)).widgets)));
  r.delete(ADMIN, async (c) => c.json(await config.resetCompanyDefault(callerOf(c))));
  return r;
}
