// Announcements for administrators: create (201), edit, delete (204), admin-only, validation codes, HTML
// sanitising, and a second company whose announcements stay invisible and whose ids answer 404.
import { beforeAll, describe, expect, test } from "vitest";
import { ANNOUNCEMENT_CONTENTS_MAX_BYTES } from "../../shared/announcements.ts";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const PW = "Us3r!pass";

let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
let userToken = "";
let bId = 0;

const call = (method: string, path: string, token: string, json?: unknown) => t.call(method, path, { token, json });
const create = (token: string, json: unknown) => call("POST", "/api/admin/announcements", token, json);

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  B = await signupCompany(t, { domain: "beta.test" });
  await call("POST", "/api/admin/users", A.token, { loginId: "plain", accountName: "Plain", password: PW, requestPasswordChange: false });
  userToken = (await login(t, "plain@alpha.test", PW)).access_token;
  const b = await create(B.token, { title: "Beta only", contents: "<p>secret of beta</p>" });
  expect(b.status).toBe(201);
  bId = b.body.id;
});

describe("create, edit, delete", () => {
  test("POST answers 201 with the announcement; PUT edits it and keeps its registration time; DELETE answers 204", async () => {
    const c = await create(A.token, { title: "  Welcome  ", contents: "<p>Hello <b>all</b></p>" });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ title: "Welcome", contents: "<p>Hello <b>all</b></p>", registTimeMillis: t.clock.now().getTime() });
    const id = c.body.id;

    t.clock.advance(5_000);
    const u = await call("PUT", `/api/admin/announcements/${id}`, A.token, { title: "Welcome!", contents: "<p>Edited</p>" });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ id, title: "Welcome!", contents: "<p>Edited</p>", registTimeMillis: c.body.registTimeMillis,
      updatedTimeMillis: t.clock.now().getTime() });
    expect((await call("GET", `/api/announce/${id}`, userToken)).body.title).toBe("Welcome!");

    const d = await call("DELETE", `/api/admin/announcements/${id}`, A.token);
    expect(d.status).toBe(204);
    expect((await call("GET", `/api/announce/${id}`, userToken)).status).toBe(404);
    expect((await call("DELETE", `/api/admin/announcements/${id}`, A.token)).status).toBe(404);
    expect((await call("PUT", `/api/admin/announcements/${id}`, A.token, { title: "x", contents: "y" })).status).toBe(404);
  });

  test("users may read but not write: 403", async () => {
    const c = await create(A.token, { title: "Readable", contents: "<p>read me</p>" });
    expect((await create(userToken, { title: "Mine", contents: "<p>x</p>" })).status).toBe(403);
    expect((await call("PUT", `/api/admin/announcements/${c.body.id}`, userToken, { title: "x", contents: "y" })).status).toBe(403);
    expect((await call("DELETE", `/api/admin/announcements/${c.body.id}`, userToken)).status).toBe(403);
    expect((await call("GET", `/api/announce/${c.body.id}`, userToken)).status).toBe(200);
    expect((await create("", { title: "x", contents: "y" })).status).toBe(401);
  });

  test("forms work as well as JSON", async () => {
    const r = await t.call("POST", "/api/admin/announcements", { token: A.token, form: { title: "Form", contents: "<i>via form</i>" } });
    expect(r.status).toBe(201);
    expect(r.body.contents).toBe("<i>via form</i>");
  });
});

describe("validation", () => {
  const cases: [unknown, string][] = [
    [{ contents: "<p>x</p>" }, "announcement.title_required"],
    [{ title: "   ", contents: "<p>x</p>" }, "announcement.title_required"],
    [{ title: "x".repeat(201), contents: "<p>x</p>" }, "announcement.title_too_long"],
    [{ title: "T" }, "announcement.contents_required"],
    [{ title: "T", contents: "" }, "announcement.contents_required"],
    [{ title: "T", contents: "<script>alert(1)</script>" }, "announcement.contents_required"],
    [{ title: "T", contents: "<p> &nbsp; </p>" }, "announcement.contents_required"],
    [{ title: "T", contents: `<p>${"가".repeat(Math.ceil(ANNOUNCEMENT_CONTENTS_MAX_BYTES / 3) + 1)}</p>` }, "announcement.contents_too_large"],
  ];
  for (const [json, code] of cases) {
    test(`${JSON.stringify(json).slice(0, 60)} → 400 ${code}`, async () => {
      const r = await create(A.token, json);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(code);
      expect(r.body.errors?.[0]?.field).toMatch(/title|contents/);
    });
  }

  test("the same checks apply to PUT, and 200 characters / 100 KB are accepted", async () => {
    const c = await create(A.token, { title: "x".repeat(200), contents: `<p>${"a".repeat(ANNOUNCEMENT_CONTENTS_MAX_BYTES - 7)}</p>` });
    expect(c.status).toBe(201);
    const r = await call("PUT", `/api/admin/announcements/${c.body.id}`, A.token, { title: "", contents: "<p>x</p>" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("announcement.title_required");
  });

  test("a malformed id answers 404", async () => {
    expect((await call("PUT", "/api/admin/announcements/abc", A.token, { title: "x", contents: "y" })).status).toBe(404);
    expect((await call("DELETE", "/api/admin/announcements/1e3", A.token)).status).toBe(404);
  });
});

describe("sanitising", () => {
  test("scripts, event handlers, styles and javascript: links are removed; formatting and safe links stay", async () => {
    const dirty = [
      '<h2 onclick="steal()">Title</h2>',
      "<p>Hello <b>bold</b> <strong>strong</strong> <i>it</i> <em>em</em> <u>u</u><br></p>",
      "<script>alert(1)</script><style>body{display:none}</style>",
      '<img src="x" onerror="alert(1)"><img src="https://cdn.test/a.png" alt="logo">',
      '<a href="javascript:alert(1)">bad</a> <a href="JaVaScRiPt&#58;alert(1)">bad2</a> <a href="https://ok.test/x">good</a>',
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>',
      '<iframe src="https://evil.test"></iframe><svg onload="alert(1)"><circle/></svg><p style="color:red">styled</p>',
      '<form action="/x"><input name="a"></form><a href="data:text/html,<script>1</script>">data</a>',
    ].join("");
    const r = await create(A.token, { title: "Dirty", contents: dirty });
    expect(r.status).toBe(201);
    const html: string = r.body.contents;
    for (const bad of ["<script", "<style", "onerror", "onclick", "onload", "javascript:", "<iframe", "<svg", "style=", "<form", "<input", "data:"]) {
      expect(html.toLowerCase(), bad).not.toContain(bad.toLowerCase());
    }
    for (const good of ["<h2>Title</h2>", "<b>bold</b>", "<strong>strong</strong>", "<i>it</i>", "<em>em</em>", "<u>u</u>", "<br />",
      "<ul><li>one</li><li>two</li></ul>", "<ol><li>first</li></ol>", '<img src="https://cdn.test/a.png" alt="logo" />',
      '<a href="https://ok.test/x" target="_blank" rel="noopener noreferrer">good</a>', "<p>styled</p>"]) {
      expect(html, good).toContain(good);
    }
    // What is stored is what every reader gets.
    expect((await call("GET", `/api/announce/${r.body.id}`, userToken)).body.contents).toBe(html);
  });
});

describe("a second company", () => {
  test("its announcements are invisible in list and recent", async () => {
    const list = await call("GET", "/api/announce/list?pageSize=200", userToken);
    expect(list.body.content.map((a: { id: number }) => a.id)).not.toContain(bId);
    expect(JSON.stringify(list.body)).not.toContain("Beta only");
    const recent = await call("GET", "/api/announce/recent?timeMillis=0", userToken);
    expect(recent.body.map((a: { id: number }) => a.id)).not.toContain(bId);
    const adminList = await call("GET", "/api/announce/list?pageSize=200", A.token);
    expect(adminList.body.content.map((a: { id: number }) => a.id)).not.toContain(bId);
    const bList = await call("GET", "/api/announce/list", B.token);
    expect(bList.body.content.map((a: { id: number }) => a.id)).toEqual([bId]);
  });

  test("its ids answer 404 on GET, PUT and DELETE, and stay unchanged", async () => {
    expect((await call("GET", `/api/announce/${bId}`, userToken)).status).toBe(404);
    expect((await call("GET", `/api/announce/${bId}`, A.token)).status).toBe(404);
    const put = await call("PUT", `/api/admin/announcements/${bId}`, A.token, { title: "Hijack", contents: "<p>x</p>" });
    expect(put.status).toBe(404);
    expect(put.body.code).toBe("common.404");
    expect((await call("DELETE", `/api/admin/announcements/${bId}`, A.token)).status).toBe(404);
    const still = await call("GET", `/api/announce/${bId}`, B.token);
    expect(still.body).toMatchObject({ id: bId, title: "Beta only", contents: "<p>secret of beta</p>" });
  });

  test("isUpdated counts only the caller's company", async () => {
    const r = await call("GET", "/api/announce/recent/isUpdated?timeMillis=0", B.token);
    expect(r.body).toMatchObject({ isUpdated: true, count: 1 });
  });
});
