// The config calls of /api/approval (shared/approval/config.ts): basic config, document managers, personal line
// presets and the deputy. Mounted by ../routes.ts.
import { Hono } from "hono";
import { basicConfigBody, deputyBody, idsBody, managerBody, presetBody } from "../../../../shared/approval/config.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, idParam } from "../../../lib/validate.ts";
import { getDeputy, removeDeputy, setDeputy } from "./deputy.ts";
import * as presets from "./presets.ts";
import * as settings from "./settings.ts";

export function configRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/config/basic", async (c) => c.json(await settings.basicConfig(callerOf(c))));
  r.put("/config/basic", async (c) => c.json(await settings.setBasicConfig(callerOf(c), await body(c, basicConfigBody))));
  r.get("/config/manager/managed/list", async (c) => c.json(await settings.managedOrgans(callerOf(c))));
  r.get("/admin/managers", async (c) => c.json(await settings.documentManagers(callerOf(c))));
  r.put("/admin/managers/:userId", async (c) => {
    const userId = idParam(c, "userId");
    const { organIds } = await body(c, managerBody);
    return c.json(await settings.setDocumentManager(callerOf(c), userId, organIds));
  });

  r.get("/config/preset/appr-line", async (c) => c.json(await presets.listPresets(callerOf(c))));
  r.post("/config/preset/appr-line", async (c) => c.json(await presets.addPreset(callerOf(c), await body(c, presetBody)), 201));
  r.put("/config/preset/appr-line/:id", async (c) => {
    const id = idParam(c);
    return c.json(await presets.updatePreset(callerOf(c), id, await body(c, presetBody)));
  });
  r.delete("/config/preset/appr-line/:id", async (c) => {
    await presets.deletePreset(callerOf(c), idParam(c));
    return c.json({ deleted: 1 });
  });
  r.delete("/config/preset/appr-line", async (c) => c.json(await presets.deletePresets(callerOf(c), await body(c, idsBody))));

  r.get("/config/deputy", async (c) => c.json(await getDeputy(callerOf(c))));
  r.put("/config/deputy", async (c) => c.json(await setDeputy(callerOf(c), await body(c, deputyBody))));
  r.delete("/config/deputy", async (c) => {
    await removeDeputy(callerOf(c));
    return c.json({ deleted: true });
  });
  return r;
}
