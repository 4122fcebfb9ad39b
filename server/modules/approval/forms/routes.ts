// The forms calls of /api/approval (shared/approval/forms.ts): form boxes, forms and their versions, templates,
// and the admin's form design. Mounted first by ../routes.ts; its middleware makes the company's starter set on
// the first approval call of any part (the routers share one route table under /api/approval).
import { Hono } from "hono";
import { formActiveBody, formBody, formBoxBody, formListQuery, formVersionQuery } from "../../../../shared/approval/forms.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, idParam, query } from "../../../lib/validate.ts";
import { assertApprovalAdmin } from "./admin.ts";
import * as admin from "./admin-service.ts";
import { starterSet } from "./seed.ts";
import * as forms from "./service.ts";

export function formRoutes() {
  const r = new Hono<AppEnv>();
  r.use("*", starterSet);
  // Every /api/approval/admin/* call (forms here, managers in config/) is the company admin's: 403 before the body.
  r.use("/admin/*", async (c, next) => {
    assertApprovalAdmin(callerOf(c));
    await next();
  });

  r.get("/form/box/list", async (c) => c.json(await forms.boxList(callerOf(c), true)));
  r.get("/form/box/list/simple", async (c) => c.json(await forms.boxList(callerOf(c), false)));
  r.get("/form/list", async (c) => c.json(await forms.formList(callerOf(c), query(c, formListQuery))));
  r.get("/form/list/all", async (c) => c.json(await forms.formList(callerOf(c), {})));
  r.get("/form/inner", async (c) => c.json(await forms.formList(callerOf(c), { innerDraft: true })));
  r.get("/form/:id", async (c) => {
    const id = idParam(c);
    return c.json(await forms.getForm(callerOf(c), id, query(c, formVersionQuery).version));
  });
  r.get("/template/:id", async (c) => {
    const id = idParam(c);
    return c.json(await forms.formTemplate(callerOf(c), id, query(c, formVersionQuery).version));
  });

  r.get("/admin/form/list", async (c) => c.json(await admin.adminFormList(callerOf(c))));
  r.post("/admin/form/box", async (c) => c.json(await admin.addBox(callerOf(c), await body(c, formBoxBody)), 201));
  r.put("/admin/form/box/:id", async (c) => {
    const id = idParam(c);
    return c.json(await admin.updateBox(callerOf(c), id, await body(c, formBoxBody)));
  });
  r.delete("/admin/form/box/:id", async (c) => {
    await admin.deleteBox(callerOf(c), idParam(c));
    return c.json({ deleted: true });
  });
  r.post("/admin/form", async (c) => c.json(await admin.addForm(callerOf(c), await body(c, formBody)), 201));
  r.put("/admin/form/:id", async (c) => {
    const id = idParam(c);
    return c.json(await admin.updateForm(callerOf(c), id, await body(c, formBody)));
  });
  r.put("/admin/form/:id/active", async (c) => {
    const id = idParam(c);
    return c.json(await admin.setFormActive(callerOf(c), id, (await body(c, formActiveBody)).active));
  });
  r.delete("/admin/form/:id", async (c) => c.json(await admin.deleteForm(callerOf(c), idParam(c))));
  return r;
}
