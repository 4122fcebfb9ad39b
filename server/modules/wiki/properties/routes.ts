// Database properties, options and row values (shared/wiki/properties.ts lists the calls): validation here, the
// rules in service.ts (properties, options) and values.ts (row values); rows.ts serves the documents calls.
import { Hono } from "hono";
import {
  optionBody, optionMoveBody, optionPatchBody, propertyBody, propertyConfigBody, propertyMoveBody, propertyNameBody,
  valuesBody,
} from "../../../../shared/wiki/properties.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, idParam } from "../../../lib/validate.ts";
import * as svc from "./service.ts";
import * as values from "./values.ts";

const optionId = (c: AppContext) => c.req.param("optionId") ?? "";

export function propertyRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/docs/:id{[0-9]+}/properties", async (c) => c.json(await svc.docProperties(callerOf(c), idParam(c))));
  r.post("/docs/:id{[0-9]+}/properties", async (c) => {
    const id = idParam(c);
    return c.json(await svc.createProperty(callerOf(c), id, await body(c, propertyBody)), 201);
  });
  r.get("/properties/:id{[0-9]+}", async (c) => c.json(await svc.getProperty(callerOf(c), idParam(c))));
  r.patch("/properties/:id{[0-9]+}/name", async (c) => {
    const id = idParam(c);
    return c.json(await svc.renameProperty(callerOf(c), id, (await body(c, propertyNameBody)).name));
  });
  r.patch("/properties/:id{[0-9]+}/config", async (c) => {
    const id = idParam(c);
    return c.json(await svc.configureProperty(callerOf(c), id, await body(c, propertyConfigBody)));
  });
  r.post("/properties/:id{[0-9]+}/config/select/options", async (c) => {
    const id = idParam(c);
    return c.json(await svc.addOption(callerOf(c), id, await body(c, optionBody)), 201);
  });
  r.patch("/properties/:id{[0-9]+}/config/select/options/:optionId", async (c) => {
    const id = idParam(c);
    return c.json(await svc.patchOption(callerOf(c), id, optionId(c), await body(c, optionPatchBody)));
  });
  r.delete("/properties/:id{[0-9]+}/config/select/options/:optionId", async (c) => {
    return c.json(await svc.deleteOption(callerOf(c), idParam(c), optionId(c)));
  });
  r.post("/properties/:id{[0-9]+}/config/select/options/:optionId/move", async (c) => {
    const id = idParam(c);
    return c.json(await svc.moveOption(callerOf(c), id, optionId(c), (await body(c, optionMoveBody)).prevId));
  });
  r.patch("/properties/:id{[0-9]+}/move", async (c) => {
    const id = idParam(c);
    return c.json(await svc.moveProperty(callerOf(c), id, (await body(c, propertyMoveBody)).prevId));
  });
  r.delete("/properties/:id{[0-9]+}", async (c) => c.json(await svc.deleteProperty(callerOf(c), idParam(c))));
  r.get("/property-values/:id{[0-9]+}", async (c) => c.json(await values.getValue(callerOf(c), idParam(c))));
  r.put("/docs/:id{[0-9]+}/property-values", async (c) => {
    const id = idParam(c);
    return c.json(await values.putValues(callerOf(c), id, (await body(c, valuesBody)).values));
  });
  r.delete("/property-values/:id{[0-9]+}", async (c) => c.json(await values.deleteValue(callerOf(c), idParam(c))));
  return r;
}
