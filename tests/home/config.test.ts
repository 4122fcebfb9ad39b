// The home dashboard's config through the HTTP API: the layout (own, the company's default an admin sets,
// DEFAULT_WIDGETS), its rules (overlap, duplicate ids, widths, the grid's edge, NUL), widgets of unused modules
// left out but kept, bookmarks (201s, the limit, another user's ids), the notepad, HOME_CHANGED to the user's
// own topic, the module switch and a second company.
import { describe, expect, test } from "vitest";
import { type Bookmark, BOOKMARKS_MAX, type DashboardConfig, type DefaultLayout, HOME_CHANGED, homeTopic } from "../../shared/home/api.ts";
import { DEFAULT_WIDGETS, type Widget } from "../../shared/home/widgets.ts";
import type { Conn } from "../../server/realtime/hub.ts";
import { company, namedPerson } from "../share/share-helpers.ts";
import { apiCaller } from "../support/api-caller.ts";
import { createTestApp } from "../support/test-app.ts";

const t = await createTestApp();
const api = apiCaller(t, "/api/users/dashboard");
const admin = apiCaller(t, "/api/admin/dashboard");
const A = await company(t, "home-config-a.test");
const B = await company(t, "home-config-b.test");
const kim = await namedPerson(t, A, "kim", "김민수", []);
const lee = await namedPerson(t, A, "lee", "이영희", []);
const other = await namedPerson(t, B, "park", "박지훈", []);

const events: { user: string; part: string }[] = [];
for (const username of [kim.username, lee.username]) {
  const conn: Conn = {
    username,
    send: (text) => {
      const f = JSON.parse(text);
      if (f.type === "MESSAGE" && f.event === HOME_CHANGED) events.push({ user: username, part: f.data.part });
    },
    close: () => {},
    stillValid: () => Promise.resolve(true),
  };
  t.deps.realtime.hub.add(conn);
  t.deps.realtime.hub.subscribe(conn, homeTopic(username));
}

const w = (i: string, component: Widget["component"], x: number, y: number, width: 3 | 6, h = 3, category?: Widget["category"]): Widget => ({
  i, x, y, w: width, h, component, title: null, options: {},
  category: category ?? (component.startsWith("etc") ? "ETC" : component.split("-")[0] as Widget["category"]),
});
const flags = (json: Record<string, boolean>) => t.call("PUT", "/api/admin/company", { token: A.admin.token, json });

describe("home config", () => {
  test("a new user sees DEFAULT_WIDGETS, no bookmarks and an empty notepad; signed out 401", async () => {
    const c = await api.ok<DashboardConfig>(200, "GET", "config", kim);
    expect(c).toEqual({ bookmarks: [], widgets: DEFAULT_WIDGETS, notepad: { content: "", updatedAt: null }, defaultLayout: true });
    expect((await t.call("GET", "/api/users/dashboard/config")).status).toBe(401);
  });

  test("PUT widgets stores the caller's layout; bad layouts answer 400 common.validation", async () => {
    const layout = [w("a", "mail-1", 0, 0, 6, 4), w("b", "flow-1", 6, 0, 3), w("c", "board-1", 6, 3, 6, 2)];
    const saved = await api.ok(200, "PUT", "config/widgets", kim, { widgets: layout });
    expect(saved.widgets).toEqual(layout);
    const c = await api.ok<DashboardConfig>(200, "GET", "config", kim);
    expect(c.widgets).toEqual(layout);
    expect(c.defaultLayout).toBe(false);
    expect(events).toContainEqual({ user: kim.username, part: "widgets" });
    expect(events.some((e) => e.user === lee.username)).toBe(false);

    const overlap = await api.fails(400, "common.validation", "PUT", "config/widgets", kim, { widgets: [w("a", "mail-1", 0, 0, 6), w("b", "cal-1", 3, 1, 3)] });
    expect(overlap.errors[0].field).toBe("widgets");
    const dup = await api.fails(400, "common.validation", "PUT", "config/widgets", kim, { widgets: [w("a", "mail-1", 0, 0, 6), w("a", "cal-1", 6, 0, 3)] });
    expect(dup.errors[0].field).toBe("widgets");
    for (const bad of [
      [{ ...w("a", "mail-1", 0, 0, 6), w: 4 }],
      [w("a", "mail-1", 9, 0, 6)], // x + w > 12
      [w("a", "mail-1", 0, 0, 6, 1)], // h below WIDGET_MIN_H
      [w("a", "mail-1", 0, 0, 6, 3, "cal")], // category of another component
      [{ ...w("a", "mail-1", 0, 0, 6), component: "mail-9" }],
      [{ ...w("a", "mail-1", 0, 0, 6), title: "a\u0000b" }],
      [{ ...w("a", "mail-1", 0, 0, 6), options: { size: 50 } }],
      Array.from({ length: 31 }, (_, n) => w(`x${n}`, "etc-1", 0, n * 2, 3, 2)),
    ]) {
      await api.fails(400, "common.validation", "PUT", "config/widgets", kim, { widgets: bad });
    }
    await api.fails(400, "common.validation", "PUT", "config/widgets", kim, { widgets: "x" });
    expect((await api.ok<DashboardConfig>(200, "GET", "config", kim)).widgets).toEqual(layout);
  });

  test("widgets of a module the account does not use are left out of the answer but kept stored", async () => {
    expect((await flags({ useFlow: false })).status).toBe(200);
    try {
      const c = await api.ok<DashboardConfig>(200, "GET", "config", kim);
      expect(c.widgets.map((x) => x.i)).toEqual(["a", "c"]);
      // The user moves the rest; the hidden flow widget stays stored (it moves below when its cell was taken).
      const moved = [w("a", "mail-1", 0, 0, 6, 4), w("c", "board-1", 6, 0, 6, 4)];
      expect((await api.ok(200, "PUT", "config/widgets", kim, { widgets: moved })).widgets).toEqual(moved);
      await api.fails(403, "home.module_unused", "GET", "widgets/flow-1", kim);
    } finally {
      expect((await flags({ useFlow: true })).status).toBe(200);
    }
    const back = await api.ok<DashboardConfig>(200, "GET", "config", kim);
    expect(back.widgets.map((x) => x.i)).toEqual(["a", "c", "b"]);
    const b = back.widgets.find((x) => x.i === "b")!;
    expect(b).toMatchObject({ component: "flow-1", x: 6, y: 4 });
  });

  test("DELETE widgets goes back to the company's default", async () => {
    const r = await api.ok(200, "DELETE", "config/widgets", kim);
    expect(r.widgets).toEqual(DEFAULT_WIDGETS);
    const c = await api.ok<DashboardConfig>(200, "GET", "config", kim);
    expect(c.defaultLayout).toBe(true);
    expect(c.widgets).toEqual(DEFAULT_WIDGETS);
  });

  test("an admin's default layout is what a new user starts from; only admins set it; reset goes back", async () => {
    expect(await admin.ok<DefaultLayout>(200, "GET", "default", A.admin)).toEqual({ widgets: DEFAULT_WIDGETS, custom: false });
    await admin.fails(403, "common.403", "GET", "default", kim);
    await admin.fails(403, "common.403", "PUT", "default", kim, { widgets: [] });
    const layout = [w("m", "mail-1", 0, 0, 6, 4), w("l", "etc-3", 6, 0, 3)];
    await admin.fails(400, "common.validation", "PUT", "default", A.admin, { widgets: [w("m", "mail-1", 0, 0, 6), w("n", "etc-1", 0, 2, 3)] });
    await api.ok(200, "PUT", "config/widgets", lee, { widgets: [w("own", "mail-1", 0, 0, 6)] });
    events.length = 0;
    expect(await admin.ok(200, "PUT", "default", A.admin, { widgets: layout })).toEqual({ widgets: layout, custom: true });
    // Those on the default layout are told; one with a layout of their own is not.
    expect(events).toEqual([{ user: kim.username, part: "widgets" }]);
    const newcomer = await namedPerson(t, A, "choi", "최유진", []);
    expect((await api.ok<DashboardConfig>(200, "GET", "config", newcomer)).widgets).toEqual(layout);
    expect((await api.ok<DashboardConfig>(200, "GET", "config", kim)).widgets).toEqual(layout);
    expect((await api.ok<DashboardConfig>(200, "GET", "config", lee)).widgets.map((x) => x.i)).toEqual(["own"]);
    // Another company keeps its own.
    expect((await api.ok<DashboardConfig>(200, "GET", "config", other)).widgets).toEqual(DEFAULT_WIDGETS);
    expect((await admin.ok<DefaultLayout>(200, "GET", "default", B.admin)).custom).toBe(false);
    expect(await admin.ok(200, "DELETE", "default", A.admin)).toEqual({ widgets: DEFAULT_WIDGETS, custom: false });
    expect((await api.ok<DashboardConfig>(200, "GET", "config", newcomer)).widgets).toEqual(DEFAULT_WIDGETS);
  });

  let mine: Bookmark;
  test("bookmarks: add 201, modify 201, delete 200 { id }; http(s) links only", async () => {
    mine = await api.ok<Bookmark>(201, "POST", "config/bookmark", kim, { link: "https://example.com/a", title: "사내 위키" });
    expect(mine).toMatchObject({ link: "https://example.com/a", title: "사내 위키" });
    expect(events).toContainEqual({ user: kim.username, part: "bookmarks" });
    const changed = await api.ok<Bookmark>(201, "PUT", "config/bookmark", kim, { id: mine.id, link: "http://intranet.test/b", title: "인트라넷" });
    expect(changed).toEqual({ id: mine.id, link: "http://intranet.test/b", title: "인트라넷" });
    expect((await api.ok<DashboardConfig>(200, "GET", "config", kim)).bookmarks).toEqual([changed]);
    for (const bad of [
      { link: "javascript:alert(1)", title: "x" }, { link: "data:text/html,hi", title: "x" }, { link: "ftp://x.test/", title: "x" },
      { link: "https://x.test/", title: "" }, { link: "https://x.test/", title: "a\u0000b" }, { link: "https://x.test/", title: "x".repeat(101) },
      { link: "not a url", title: "x" }, {},
    ]) {
      await api.fails(400, "common.validation", "POST", "config/bookmark", kim, bad);
    }
    await api.fails(400, "common.validation", "PUT", "config/bookmark", kim, { id: mine.id, link: "javascript:void(0)", title: "x" });
    await api.fails(400, "common.validation", "DELETE", "config/bookmark?id=abc", kim);
    await api.fails(400, "common.validation", "DELETE", "config/bookmark", kim);
    await api.fails(400, "common.validation", "DELETE", "config/bookmark?id=99999999999999999999", kim);
    await api.fails(400, "common.validation", "PUT", "config/bookmark", kim, { id: 2 ** 60, link: "https://x.test/", title: "x" });
    // Another user's (of this company or another) answers as a missing one.
    for (const who of [lee, other]) {
      await api.fails(404, "home.bookmark_not_found", "PUT", "config/bookmark", who, { id: mine.id, link: "https://x.test/", title: "x" });
      await api.fails(404, "home.bookmark_not_found", "DELETE", `config/bookmark?id=${mine.id}`, who);
    }
    expect(await api.ok(200, "DELETE", `config/bookmark?id=${mine.id}`, kim)).toEqual({ id: mine.id });
    await api.fails(404, "home.bookmark_not_found", "DELETE", `config/bookmark?id=${mine.id}`, kim);
  });

  test(`at most ${BOOKMARKS_MAX} bookmarks: 409 home.bookmarks_max with params.max`, async () => {
    await Promise.all(Array.from({ length: BOOKMARKS_MAX }, (_, n) =>
      api.ok(201, "POST", "config/bookmark", lee, { link: `https://x.test/${n}`, title: `b${n}` })));
    const r = await api.fails(409, "home.bookmarks_max", "POST", "config/bookmark", lee, { link: "https://x.test/more", title: "more" });
    expect(r.params).toEqual({ max: BOOKMARKS_MAX });
    const c = await api.ok<DashboardConfig>(200, "GET", "config", lee);
    expect(c.bookmarks).toHaveLength(BOOKMARKS_MAX);
    expect(c.bookmarks.map((b) => b.id)).toEqual([...c.bookmarks.map((b) => b.id)].sort((a, b) => a - b));
  });

  test("the notepad keeps plain text up to NOTEPAD_MAX", async () => {
    const at = t.clock.now().toISOString();
    expect(await api.ok(200, "POST", "config/notepad", kim, { content: "오늘 할 일\n- 회의록" })).toEqual({ content: "오늘 할 일\n- 회의록", updatedAt: at });
    expect(await api.ok(200, "GET", "config/notepad", kim)).toEqual({ content: "오늘 할 일\n- 회의록", updatedAt: at });
    expect((await api.ok<DashboardConfig>(200, "GET", "config", kim)).notepad.content).toBe("오늘 할 일\n- 회의록");
    expect(events).toContainEqual({ user: kim.username, part: "notepad" });
    expect(await api.ok(200, "GET", "config/notepad", lee)).toEqual({ content: "", updatedAt: null });
    await api.fails(400, "common.validation", "POST", "config/notepad", kim, { content: "x".repeat(10_001) });
    await api.fails(400, "common.validation", "POST", "config/notepad", kim, { content: "a\u0000" });
    await api.fails(400, "common.validation", "POST", "config/notepad", kim, {});
    // The layout saved later leaves the notepad as it was.
    await api.ok(200, "PUT", "config/widgets", kim, { widgets: [w("a", "mail-1", 0, 0, 6)] });
    expect((await api.ok(200, "GET", "config/notepad", kim)).content).toBe("오늘 할 일\n- 회의록");
  });

  test("with useHome off every call answers 403 home.disabled", async () => {
    expect((await flags({ useHome: false })).status).toBe(200);
    try {
      for (const [method, path, json] of [
        ["GET", "config"], ["PUT", "config/widgets", { widgets: [] }], ["DELETE", "config/widgets"],
        ["POST", "config/bookmark", { link: "https://x.test/", title: "x" }], ["GET", "config/notepad"], ["GET", "widgets/mail-1"],
      ] as const) {
        await api.fails(403, "home.disabled", method, path, kim, json);
      }
      await admin.fails(403, "home.disabled", "GET", "default", A.admin);
      // Another company is not touched.
      await api.ok(200, "GET", "config", other);
    } finally {
      expect((await flags({ useHome: true })).status).toBe(200);
    }
  });
});
