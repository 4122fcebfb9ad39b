// The account-sharing log: one entry per state change, for owner and sharee, newest first, paged.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { ACCOUNTS, addUser, newCompany, shareWith, type TestCompany, type TestUser } from "./account-helpers.ts";

const t = await createTestApp();
let co: TestCompany;
let owner: TestUser, erin: TestUser, frank: TestUser, gina: TestUser;

beforeAll(async () => {
  co = await newCompany(t, "logs.test");
  owner = co.admin;
  erin = await addUser(t, co, "erin", "Erin Han");
  frank = await addUser(t, co, "frank", "Frank Yoo");
  gina = await addUser(t, co, "gina", "Gina Seo");
});

const logs = (u: TestUser, qs = "") => t.call("GET", `${ACCOUNTS}/logs${qs}`, { token: u.token });

describe("logs", () => {
  test("every state change writes one entry, seen by both sides, newest first", async () => {
    expect((await logs(erin)).body).toEqual({ content: [], totalElements: 0, totalPages: 0, page: 0, pageSize: 20 });
    const times: number[] = [];
    const step = () => {
      t.clock.advance(1000);
      times.push(t.clock.now().getTime());
    };

    step();
    const req = await t.call("POST", `${ACCOUNTS}/requests`, { token: erin.token, json: { sharedByUserId: owner.id }, ip: "10.0.0.2" });
    expect(req.status).toBe(201);
    const id = req.body.id;
    step();
    expect((await t.call("POST", ACCOUNTS, { token: owner.token, json: { sharedToUserId: erin.id }, ip: "10.0.0.1" })).status).toBe(200);
    step();
    const expiry = t.clock.now().getTime() + 600_000;
    expect((await t.call("PUT", `${ACCOUNTS}/${id}/expiry`, { token: owner.token, json: { expireTimeMillis: expiry }, ip: "10.0.0.1" })).status).toBe(200);
    // Unchanged values are not state changes and write nothing.
    expect((await t.call("PUT", `${ACCOUNTS}/${id}/expiry`, { token: owner.token, json: { expireTimeMillis: expiry } })).status).toBe(200);
    expect((await t.call("PUT", `${ACCOUNTS}/${id}/status`, { token: owner.token, json: { status: "ACTIVE" } })).status).toBe(200);
    step();
    expect((await t.call("GET", `${ACCOUNTS}/${id}/change-account`, { token: erin.token, ip: "10.0.0.2" })).status).toBe(200);
    step();
    expect((await t.call("PUT", `${ACCOUNTS}/${id}/status`, { token: owner.token, json: { status: "INACTIVE" }, ip: "10.0.0.1" })).status).toBe(200);
    step();
    expect((await t.call("DELETE", `${ACCOUNTS}/${id}`, { token: erin.token, ip: "10.0.0.2" })).status).toBe(204);
    // Refused calls write nothing either.
    expect((await t.call("DELETE", `${ACCOUNTS}/${id}`, { token: erin.token })).status).toBe(404);
    expect((await t.call("POST", `${ACCOUNTS}/requests`, { token: erin.token, json: { sharedByUserId: erin.id } })).status).toBe(400);
    // A share between two other users does not appear in Erin's or the owner's logs.
    step();
    await shareWith(t, frank, gina);

    const base = { sharedAccountId: id, sharedByUserId: owner.id, sharedToUserId: erin.id };
    const byErin = { actorUserId: erin.id, actorName: "Erin Han", ip: "10.0.0.2" };
    const byOwner = { actorUserId: owner.id, actorName: "Kim Admin", ip: "10.0.0.1" };
    const expected = [
      { ...base, ...byErin, action: "DELETE", detail: { previousStatus: "INACTIVE" }, timeMillis: times[5] },
      { ...base, ...byOwner, action: "STATUS", detail: { previousStatus: "ACTIVE", status: "INACTIVE" }, timeMillis: times[4] },
      { ...base, ...byErin, action: "SWITCH", detail: null, timeMillis: times[3] },
      { ...base, ...byOwner, action: "EXPIRY", detail: { previousExpireTimeMillis: null, expireTimeMillis: expiry }, timeMillis: times[2] },
      { ...base, ...byOwner, action: "SHARE", detail: { status: "ACTIVE", previousStatus: "PENDING", expireTimeMillis: null }, timeMillis: times[1] },
      { ...base, ...byErin, action: "REQUEST", detail: { status: "PENDING" }, timeMillis: times[0] },
    ].map((e) => ({ id: expect.any(Number), ...e }));

    const mine = await logs(erin);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ content: expected, totalElements: 6, totalPages: 1, page: 0, pageSize: 20 });
    const owners = await logs(owner);
    expect(owners.body.content).toEqual(expected);

    const ginas = await logs(gina);
    expect(ginas.body.totalElements).toBe(1);
    expect(ginas.body.content[0]).toMatchObject({
      action: "SHARE",
      actorUserId: frank.id,
      actorName: "Frank Yoo",
      sharedByUserId: frank.id,
      sharedToUserId: gina.id,
      detail: { status: "ACTIVE", expireTimeMillis: null },
      timeMillis: times[6],
    });
  });

  test("pages are zero-based and validated", async () => {
    const first = await logs(erin, "?page=0&pageSize=4");
    expect(first.body).toMatchObject({ totalElements: 6, totalPages: 2, page: 0, pageSize: 4 });
    expect(first.body.content.map((e: { action: string }) => e.action)).toEqual(["DELETE", "STATUS", "SWITCH", "EXPIRY"]);
    const second = await logs(erin, "?page=1&pageSize=4");
    expect(second.body.content.map((e: { action: string }) => e.action)).toEqual(["SHARE", "REQUEST"]);
    expect((await logs(erin, "?page=2&pageSize=4")).body.content).toEqual([]);
    for (const qs of ["?pageSize=0", "?page=-1", "?pageSize=1000", "?page=x"]) {
      const bad = await logs(erin, qs);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe("common.validation");
    }
    expect((await t.call("GET", `${ACCOUNTS}/logs`)).status).toBe(401);
  });
});
