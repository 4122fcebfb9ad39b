// The admin's side of resource booking: custom types, resources with their bookers, approver and image, the
// limits and validation, admin-only calls, another company's ids, and the module switch.
import { describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { companies } from "../../db/schema/index.ts";
import type { AdminResource, Resource, ResourceDay, ResourceTypeInfo } from "../../shared/resource/resources.ts";
import { CUSTOM_TYPES_MAX } from "../../shared/resource/constants.ts";
import { createTestApp } from "../support/test-app.ts";
import { company, resourceApi } from "./helpers.ts";

const t = await createTestApp();
const api = resourceApi(t);
const A = await company(t, "res-admin-a.test");
const B = await company(t, "res-admin-b.test");
const alice = await A.user("alice");

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3]);

async function upload(who: { token: string }, id: number | string, bytes: Uint8Array, name = "room.png", type = "image/png") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await t.app.request(`/api/resource/admin/resources/${id}/img`, { method: "PUT", body: form, headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, body: await res.json() };
}

describe("resource types", () => {
  test("an admin adds, renames and deletes custom types; names are unique ignoring case", async () => {
    const all = await api.ok<ResourceTypeInfo[]>(200, "GET", "/admin/types", A.admin);
    expect(all.map((x) => x.code)).toEqual(["MEETING_ROOM", "CAR", "EQUIPMENT"]);
    const projector = await api.ok<ResourceTypeInfo>(201, "POST", "/admin/types", A.admin, { name: "Projector" });
    expect(projector).toEqual({ id: projector.id, code: `CUSTOM_${projector.id}`, name: "Projector", resourceCount: 0 });
    await api.fails(409, "resource.type_name_taken", "POST", "/admin/types", A.admin, { name: "projector" });
    await api.fails(400, "common.validation", "POST", "/admin/types", A.admin, { name: "  " });
    const renamed = await api.ok<ResourceTypeInfo>(200, "PUT", `/admin/types/${projector.id}`, A.admin, { name: "Beamer" });
    expect(renamed.name).toBe("Beamer");
    const room = await api.resource(A.admin, { type: renamed.code, name: "Beamer 1" });
    expect(room.type).toBe(renamed.code);
    await api.fails(409, "resource.type_in_use", "DELETE", `/admin/types/${projector.id}`, A.admin);
    expect((await api.ok<ResourceTypeInfo>(200, "GET", `/type?type=${renamed.code}`, alice)).resourceCount).toBe(1);
    expect((await api.ok<ResourceTypeInfo[]>(200, "GET", "/types", alice)).map((x) => x.code)).toEqual([renamed.code]);
    await api.ok(200, "DELETE", `/admin/resources/${room.id}`, A.admin);
    await api.ok(200, "DELETE", `/admin/types/${projector.id}`, A.admin);
    await api.fails(404, "resource.type_not_found", "GET", `/type?type=${renamed.code}`, alice);
    await api.fails(404, "resource.type_not_found", "PUT", `/admin/types/${projector.id}`, A.admin, { name: "X" });
  });

  test("members' types are those with resources; admin/types lists every type; an empty type's grid is empty", async () => {
    const co = await company(t, "res-admin-used.test");
    const m = await co.user("mia");
    const empty = await api.ok<ResourceTypeInfo>(201, "POST", "/admin/types", co.admin, { name: "Drones" });
    const used = await api.ok<ResourceTypeInfo>(201, "POST", "/admin/types", co.admin, { name: "Bikes" });
    await api.resource(co.admin, { type: used.code, name: "Bike 1" });
    await api.resource(co.admin, { type: "CAR", name: "Van" });
    // Built-ins first, then custom ones by name; only those with resources.
    expect((await api.ok<ResourceTypeInfo[]>(200, "GET", "/types", m)).map((x) => [x.code, x.resourceCount]))
      .toEqual([["CAR", 1], [used.code, 1]]);
    expect((await api.ok<ResourceTypeInfo[]>(200, "GET", "/admin/types", co.admin)).map((x) => [x.code, x.resourceCount]))
      .toEqual([["MEETING_ROOM", 0], ["CAR", 1], ["EQUIPMENT", 0], [used.code, 1], [empty.code, 0]]);
    expect(await api.ok<ResourceTypeInfo>(200, "GET", `/type?type=${empty.code}`, m)).toEqual({ id: empty.id, code: empty.code, name: "Drones", resourceCount: 0 });
    expect((await api.ok<ResourceDay>(200, "GET", `?searchDate=2030-01-02&type=${empty.code}`, m)).resources).toEqual([]);
    expect((await api.ok<ResourceDay>(200, "GET", "?searchDate=2030-01-02&type=MEETING_ROOM", m)).resources).toEqual([]);
  });

  test("at most CUSTOM_TYPES_MAX custom types; another company's type is not found", async () => {
    const co = await company(t, "res-admin-types.test");
    for (let i = 0; i < CUSTOM_TYPES_MAX; i++) await api.ok(201, "POST", "/admin/types", co.admin, { name: `Type ${i}` });
    await api.fails(400, "resource.too_many_types", "POST", "/admin/types", co.admin, { name: "One more" });
    const theirs = (await api.ok<ResourceTypeInfo[]>(200, "GET", "/admin/types", co.admin)).at(-1)!;
    await api.fails(404, "resource.type_not_found", "PUT", `/admin/types/${theirs.id}`, A.admin, { name: "Mine now" });
    await api.fails(404, "resource.type_not_found", "DELETE", `/admin/types/${theirs.id}`, A.admin);
    await api.fails(404, "resource.type_not_found", "GET", `/type?type=${theirs.code}`, A.admin);
    await api.fails(400, "resource.type_not_found", "POST", "/admin/resources", A.admin, { type: theirs.code, name: "Sneaky" });
  });
});

describe("resources", () => {
  test("an admin registers, changes and lists resources with bookers and approver", async () => {
    const sales = await A.org("Sales");
    const bob = await A.user("bob", [sales]);
    const made = await api.resource(A.admin, {
      name: "Room 301", description: "Third floor", capacity: 8, location: "3F", needsApproval: true, approverId: bob.id,
      bookerScope: "SELECTED", bookerUserIds: [alice.id], bookerOrganIds: [sales],
    });
    expect(made).toMatchObject({
      type: "MEETING_ROOM", name: "Room 301", capacity: 8, status: "IN_USE", hasImage: false, needsApproval: true,
      bookerScope: "SELECTED", bookerUsers: [{ id: alice.id, email: alice.username }], bookerOrgans: [{ id: sales, name: "Sales" }],
      approver: { id: bob.id, name: "Bob" },
    });
    const changed = await api.ok<AdminResource>(200, "PUT", `/admin/resources/${made.id}`, A.admin, {
      type: "CAR", name: "Car 12가 3456", status: "REPAIR", bookerScope: "ALL",
    });
    expect(changed).toMatchObject({ type: "CAR", status: "REPAIR", bookerScope: "ALL", bookerUsers: [], approver: null, needsApproval: false });
    const list = await api.ok<AdminResource[]>(200, "GET", "/admin/resources", A.admin);
    expect(list.map((r) => r.id)).toContain(made.id);
    const day = await api.ok<ResourceDay>(200, "GET", "?type=CAR", alice);
    expect(day.resources.find((r) => r.id === made.id)).toMatchObject({ status: "REPAIR", bookable: false });
  });

  test("bad bodies answer 400 and nothing is written", async () => {
    const before = (await api.ok<AdminResource[]>(200, "GET", "/admin/resources", A.admin)).length;
    await api.fails(400, "common.validation", "POST", "/admin/resources", A.admin, { type: "MEETING_ROOM", name: "" });
    await api.fails(400, "resource.type_not_found", "POST", "/admin/resources", A.admin, { type: "BOAT", name: "Boat" });
    await api.fails(400, "resource.type_not_found", "POST", "/admin/resources", A.admin, { type: "CUSTOM_99999", name: "Ghost" });
    await api.fails(400, "common.validation", "POST", "/admin/resources", A.admin, { type: "CAR", name: "Car", status: "BROKEN" });
    await api.fails(400, "common.validation", "POST", "/admin/resources", A.admin, { type: "CAR", name: "Car", capacity: 0 });
    await api.fails(400, "common.validation", "POST", "/admin/resources", A.admin, { type: "CAR", name: "Car", needsApproval: true });
    const outsider = await B.user("olga");
    const bOrg = await B.org("B team");
    const e1 = await api.fails(400, "common.validation", "POST", "/admin/resources", A.admin, { type: "CAR", name: "Car", approverId: outsider.id });
    expect(e1.errors[0].field).toBe("approverId");
    await api.fails(400, "common.validation", "POST", "/admin/resources", A.admin, {
      type: "CAR", name: "Car", bookerScope: "SELECTED", bookerUserIds: [outsider.id],
    });
    await api.fails(400, "common.validation", "POST", "/admin/resources", A.admin, {
      type: "CAR", name: "Car", bookerScope: "SELECTED", bookerOrganIds: [bOrg],
    });
    expect((await api.ok<AdminResource[]>(200, "GET", "/admin/resources", A.admin)).length).toBe(before);
  });

  test("admin calls need a company admin; members read", async () => {
    for (const [method, path] of [["GET", "/admin/resources"], ["POST", "/admin/resources"], ["GET", "/admin/types"], ["POST", "/admin/types"]]) {
      await api.fails(403, "resource.admin_only", method, path, alice, method === "POST" ? { type: "CAR", name: "Mine" } : undefined);
    }
    const room = await api.resource(A.admin, { name: "Admin only" });
    await api.fails(403, "resource.admin_only", "PUT", `/admin/resources/${room.id}`, alice, { type: "CAR", name: "Mine" });
    await api.fails(403, "resource.admin_only", "DELETE", `/admin/resources/${room.id}`, alice);
    expect((await api.ok<ResourceDay>(200, "GET", "", alice)).resources.map((r) => r.id)).toContain(room.id);
  });

  test("another company sees none of the resources and its ids answer 404", async () => {
    const room = await api.resource(A.admin, { name: "A's secret room" });
    const seen = await api.ok<ResourceDay>(200, "GET", "", B.admin);
    expect(seen.resources.map((r) => r.id)).not.toContain(room.id);
    expect((await api.ok<AdminResource[]>(200, "GET", "/admin/resources", B.admin)).map((r) => r.id)).not.toContain(room.id);
    await api.fails(404, "resource.not_found", "PUT", `/admin/resources/${room.id}`, B.admin, { type: "CAR", name: "Taken" });
    await api.fails(404, "resource.not_found", "DELETE", `/admin/resources/${room.id}`, B.admin);
    await api.fails(404, "resource.not_found", "GET", `/book/list?resourceId=${room.id}`, B.admin);
    await api.fails(404, "resource.not_found", "GET", `/img/${room.id}`, B.admin);
    await api.fails(404, "resource.not_found", "DELETE", "/admin/resources/99999999", B.admin);
    await api.fails(404, "resource.not_found", "DELETE", "/admin/resources/abc", B.admin);
  });

  test("an image is uploaded, read by members and removed", async () => {
    const room = await api.resource(A.admin, { name: "Pictured" });
    await api.fails(404, "resource.not_found", "GET", `/img/${room.id}`, alice);
    const up = await upload(A.admin, room.id, PNG);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect((up.body as AdminResource).hasImage).toBe(true);
    const res = await t.app.request(`/api/resource/img/${room.id}`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect((await upload(A.admin, room.id, new TextEncoder().encode("<svg/>"), "x.png")).body.code).toBe("resource.image_invalid");
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await upload(A.admin, room.id, big);
    expect([tooBig.status, tooBig.body.code]).toEqual([413, "resource.image_too_large"]);
    expect((await upload(alice, room.id, PNG)).body.code).toBe("resource.admin_only");
    expect((await upload(B.admin, room.id, PNG)).status).toBe(404);
    const removed = await api.ok<AdminResource>(200, "DELETE", `/admin/resources/${room.id}/img`, A.admin);
    expect(removed.hasImage).toBe(false);
    await api.fails(404, "resource.not_found", "GET", `/img/${room.id}`, alice);
  });

  test("a company without the module answers 403 resource.disabled on every call", async () => {
    const co = await company(t, "res-admin-off.test");
    await t.db.db.update(companies).set({ useResource: false }).where(eq(companies.id, co.companyId));
    await api.fails(403, "resource.disabled", "GET", "", co.admin);
    await api.fails(403, "resource.disabled", "GET", "/types", co.admin);
    await api.fails(403, "resource.disabled", "POST", "/book", co.admin, {});
    await api.fails(403, "resource.disabled", "POST", "/admin/resources", co.admin, { type: "CAR", name: "Car" });
    expect((await t.call("GET", "/api/resource")).status).toBe(401);
  });

  test("the grid lists resources in their order with the caller's bookable flag", async () => {
    const co = await company(t, "res-admin-grid.test");
    const m = await co.user("mia");
    const second = await api.resource(co.admin, { name: "B room", sortOrder: 2 });
    const first = await api.resource(co.admin, { name: "A room", sortOrder: 1, bookerScope: "SELECTED", bookerUserIds: [] });
    const day = await api.ok<ResourceDay>(200, "GET", "?searchDate=2030-01-02&type=MEETING_ROOM", m);
    expect(day.fromDate).toBe("2030-01-02");
    expect(day.resources.map((r: Resource) => [r.id, r.bookable])).toEqual([[first.id, false], [second.id, true]]);
    const week = await api.ok<ResourceDay>(200, "GET", "?searchDate=2030-01-02&range=week", m);
    expect([week.fromDate, week.toDate]).toEqual(["2029-12-31", "2030-01-06"]);
    await api.fails(400, "resource.invalid_range", "GET", "?searchDate=2030-1-2", m);
    await api.fails(400, "resource.type_not_found", "GET", "?type=BOAT", m);
  });
});
