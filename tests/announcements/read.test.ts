// Announcements for the readers: list (paging, newest first), one, recent and recent/isUpdated, with "new"
// measured against the reader's previous sign-in.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const PW = "Us3r!pass";
const STEP = 10_000;

let A: Awaited<ReturnType<typeof signupCompany>>;
let userToken = "";
const ids: number[] = [];
let firstLoginAt = 0;

const get = (path: string, token = userToken) => t.call("GET", path, { token });
async function post(title: string, contents = `<p>${title}</p>`) {
  const r = await t.call("POST", "/api/admin/announcements", { token: A.token, json: { title, contents } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  const u = await t.call("POST", "/api/admin/users", {
    token: A.token, json: { loginId: "reader", accountName: "Reader", password: PW, requestPasswordChange: false },
  });
  expect(u.status).toBe(201);
  // First sign-in; then 25 announcements, ten seconds apart; then the second sign-in.
  await login(t, "reader@alpha.test", PW);
  firstLoginAt = t.clock.now().getTime();
  for (let i = 1; i <= 25; i++) {
    t.clock.advance(STEP);
    ids.push((await post(`Notice ${i}`)).id);
  }
  t.clock.advance(STEP);
  userToken = (await login(t, "reader@alpha.test", PW)).access_token;
});

describe("GET /api/announce/list", () => {
  test("pages newest first, 20 by default, with content, totalElements and totalPages", async () => {
    const r = await get("/api/announce/list");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 25, totalPages: 2, page: 0, pageSize: 20 });
    expect(r.body.content).toHaveLength(20);
    expect(r.body.content[0]).toEqual({
      id: ids[24], title: "Notice 25", contents: "<p>Notice 25</p>", registTimeMillis: firstLoginAt + 25 * STEP,
      updatedTimeMillis: firstLoginAt + 25 * STEP, isNew: true,
    });
    const second = await get("/api/announce/list?page=1");
    expect(second.body.content.map((a: { title: string }) => a.title)).toEqual(["Notice 5", "Notice 4", "Notice 3", "Notice 2", "Notice 1"]);
  });

  test("pageSize 10 (the dialog's) gives three pages; a page past the end is empty", async () => {
    const r = await get("/api/announce/list?page=2&pageSize=10");
    expect(r.body).toMatchObject({ totalElements: 25, totalPages: 3, page: 2, pageSize: 10 });
    expect(r.body.content).toHaveLength(5);
    const past = await get("/api/announce/list?page=9&pageSize=10");
    expect(past.body.content).toEqual([]);
  });

  test("bad paging answers 400", async () => {
    for (const q of ["page=-1", "pageSize=0", "pageSize=abc", "pageSize=1000"]) {
      expect((await get(`/api/announce/list?${q}`)).status, q).toBe(400);
    }
  });

  test("needs a signed-in user", async () => {
    expect((await t.call("GET", "/api/announce/list")).status).toBe(401);
    expect((await t.call("GET", `/api/announce/${ids[0]}`)).status).toBe(401);
    expect((await t.call("GET", "/api/announce/recent/isUpdated")).status).toBe(401);
  });
});

describe("isNew against the previous sign-in", () => {
  test("new = registered after the sign-in before the current one; a third sign-in moves the line", async () => {
    const before = await get("/api/announce/list?pageSize=30");
    expect(before.body.content.every((a: { isNew: boolean }) => a.isNew)).toBe(true);

    t.clock.advance(STEP);
    const late = await post("Late notice");
    t.clock.advance(STEP);
    const token = (await login(t, "reader@alpha.test", PW)).access_token;
    const after = await get("/api/announce/list?pageSize=30", token);
    expect(after.body.totalElements).toBe(26);
    // Only what came between the second and the third sign-in is new now.
    expect(after.body.content.filter((a: { isNew: boolean }) => a.isNew).map((a: { id: number }) => a.id)).toEqual([late.id]);
    // "Previous sign-in" is the user's, so the older token sees the same.
    expect((await get(`/api/announce/${ids[24]}`)).body.isNew).toBe(false);

    t.clock.advance(STEP);
    const fresh = await post("Fresh notice");
    expect((await get(`/api/announce/${fresh.id}`, token)).body.isNew).toBe(true);
    userToken = token;
  });
});

describe("GET /api/announce/{id}", () => {
  test("answers one announcement; a missing or malformed id answers 404", async () => {
    const r = await get(`/api/announce/${ids[0]}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: ids[0], title: "Notice 1", contents: "<p>Notice 1</p>", registTimeMillis: firstLoginAt + STEP });
    for (const id of ["999999", "abc", "-1"]) {
      const x = await get(`/api/announce/${id}`);
      expect(x.status, id).toBe(404);
      expect(x.body.code).toBe("common.404");
    }
  });
});

describe("GET /api/announce/recent and /recent/isUpdated", () => {
  test("without timeMillis: those after the previous sign-in, newest first", async () => {
    const r = await get("/api/announce/recent");
    expect(r.status).toBe(200);
    expect(r.body.map((a: { title: string }) => a.title)).toEqual(["Fresh notice", "Late notice"]);
    expect(r.body.every((a: { isNew: boolean }) => a.isNew)).toBe(true);
    const u = await get("/api/announce/recent/isUpdated");
    expect(u.body).toEqual({ isUpdated: true, count: 2, latestTimeMillis: r.body[0].registTimeMillis });
  });

  test("with timeMillis: those registered after it, at most 20", async () => {
    const r = await get(`/api/announce/recent?timeMillis=${firstLoginAt + 22 * STEP}`);
    expect(r.body.map((a: { title: string }) => a.title)).toEqual(["Fresh notice", "Late notice", "Notice 25", "Notice 24", "Notice 23"]);
    expect(r.body.map((a: { isNew: boolean }) => a.isNew)).toEqual([true, true, false, false, false]);
    const all = await get("/api/announce/recent?timeMillis=0");
    expect(all.body).toHaveLength(20);
    const u = await get(`/api/announce/recent/isUpdated?timeMillis=${firstLoginAt + 22 * STEP}`);
    expect(u.body).toMatchObject({ isUpdated: true, count: 5 });
  });

  test("nothing after the newest: isUpdated false, an empty list", async () => {
    const now = t.clock.now().getTime();
    expect((await get(`/api/announce/recent?timeMillis=${now}`)).body).toEqual([]);
    expect((await get(`/api/announce/recent/isUpdated?timeMillis=${now}`)).body).toEqual({ isUpdated: false, count: 0, latestTimeMillis: null });
  });

  test("a bad timeMillis answers 400 announcement.time_invalid", async () => {
    for (const q of ["abc", "-5", "1.5"]) {
      const r = await get(`/api/announce/recent/isUpdated?timeMillis=${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe("announcement.time_invalid");
    }
  });
});
