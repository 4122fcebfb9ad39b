// Resource booking's HTTP API (002 §7 "Resource booking (api/resource)"; every call and its rules are listed in
// shared/resource/resources.ts). Every call needs a signed-in user of a company with useResource on (else 403
// resource.disabled); admin/* needs a company admin (else 403 resource.admin_only).
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMAGE_MAX_BYTES } from "../../../shared/resource/constants.ts";
import {
  bookingBody, bookingListQuery, bookingRejectBody, bookingUpdateBody, cancelQuery, myBookingsQuery, resourceBody,
  resourcesQuery, typeBody, typeQuery,
} from "../../../shared/resource/resources.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppContext, type AppEnv, callerOf } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { body, query, readBody } from "../../lib/validate.ts";
import * as adminResources from "./admin-resources.ts";
import * as adminTypes from "./admin-types.ts";
import * as bookings from "./bookings.ts";
import * as decisions from "./decisions.ts";
import * as images from "./images.ts";
import * as reads from "./reads.ts";

/** The image upload, which takes a body larger than the API's general limit (app.ts lets it through). */
export const RESOURCE_IMAGE_PATH = /^\/api\/resource\/admin\/resources\/\d{1,15}\/img$/;

/** A numeric path id; anything else answers 404 with the call's own code, like a missing row. */
function idOf(c: AppContext, code: `resource.${string}`): number {
  const raw = c.req.param("id") ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, code);
  return Number(raw);
}
const bookingId = (c: AppContext) => idOf(c, "resource.booking_not_found");
const resourceId = (c: AppContext) => idOf(c, "resource.not_found");
const typeId = (c: AppContext) => idOf(c, "resource.type_not_found");

export function resourceRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/resource", requireAuth, moduleGate("useResource", "resource.disabled"));
  r.use("/api/resource/*", requireAuth, moduleGate("useResource", "resource.disabled"));

  r.get("/api/resource", async (c) => c.json(await reads.day(callerOf(c), query(c, resourcesQuery))));
  r.get("/api/resource/type", async (c) => c.json(await reads.typeInfo(callerOf(c), query(c, typeQuery).type)));
  r.get("/api/resource/types", async (c) => c.json(await reads.usedTypes(callerOf(c))));
  r.get("/api/resource/book/list", async (c) => c.json(await reads.listOf(callerOf(c), query(c, bookingListQuery))));
  r.get("/api/resource/book/mine", async (c) => c.json(await reads.mine(callerOf(c), query(c, myBookingsQuery))));
  r.get("/api/resource/book/pending", async (c) => c.json(await reads.pending(callerOf(c))));
  r.get("/api/resource/book/:id", async (c) => c.json(await reads.one(callerOf(c), bookingId(c))));
  r.post("/api/resource/book", async (c) => c.json(await bookings.create(callerOf(c), await body(c, bookingBody)), 201));
  r.patch("/api/resource/book", async (c) => c.json(await bookings.update(callerOf(c), await body(c, bookingUpdateBody))));
  r.delete("/api/resource/book/:id", async (c) => {
    const id = bookingId(c);
    return c.json(await decisions.cancel(callerOf(c), id, query(c, cancelQuery).scope));
  });
  r.put("/api/resource/book/:id/approve", async (c) => c.json(await decisions.approve(callerOf(c), bookingId(c))));
  r.put("/api/resource/book/:id/reject", async (c) => {
    const id = bookingId(c);
    return c.json(await decisions.reject(callerOf(c), id, (await body(c, bookingRejectBody)).reason));
  });
  r.get("/api/resource/img/:id", async (c) => {
    const img = await images.read(callerOf(c), resourceId(c));
    return c.body(img.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": img.type, "cache-control": "private, max-age=0, must-revalidate", etag: `"${img.key}"`,
      "x-content-type-options": "nosniff",
    });
  });

  r.get("/api/resource/admin/resources", async (c) => c.json(await adminResources.list(callerOf(c))));
  r.post("/api/resource/admin/resources", async (c) => c.json(await adminResources.create(callerOf(c), await body(c, resourceBody)), 201));
  r.put("/api/resource/admin/resources/:id", async (c) => {
    const id = resourceId(c);
    return c.json(await adminResources.update(callerOf(c), id, await body(c, resourceBody)));
  });
  r.delete("/api/resource/admin/resources/:id", async (c) => c.json(await adminResources.remove(callerOf(c), resourceId(c))));
  r.put(
    "/api/resource/admin/resources/:id/img",
    bodyLimit({ maxSize: IMAGE_MAX_BYTES + 64 * 1024, onError: () => { throw new AppError(413, "resource.image_too_large"); } }),
    async (c) => {
      const id = resourceId(c);
      return c.json(await images.put(callerOf(c), id, (await readBody(c)).file));
    },
  );
  r.delete("/api/resource/admin/resources/:id/img", async (c) => c.json(await images.remove(callerOf(c), resourceId(c))));
  r.get("/api/resource/admin/types", async (c) => c.json(await adminTypes.list(callerOf(c))));
  r.post("/api/resource/admin/types", async (c) => c.json(await adminTypes.create(callerOf(c), (await body(c, typeBody)).name), 201));
  r.put("/api/resource/admin/types/:id", async (c) => {
    const id = typeId(c);
    return c.json(await adminTypes.rename(callerOf(c), id, (await body(c, typeBody)).name));
  });
  r.delete("/api/resource/admin/types/:id", async (c) => c.json(await adminTypes.remove(callerOf(c), typeId(c))));
  return r;
}
