// Signatures (shared/mail/signatures.ts): add (JSON or form) with title rules and the limit of 5, change,
// the two defaults (each at most one signature, set and cleared in one go), contents sanitised, delete, and
// each user's signatures their own (another user's id answers 404).
import { beforeAll, describe, expect, test } from "vitest";
import { MAX_SIGNATURES, type Signature } from "../../../shared/mail/signatures.ts";
import { createTestApp } from "../../support/test-app.ts";
import { type Co, company } from "../folders/helpers.ts";

const t = await createTestApp();
let A: Co, B: Co;

beforeAll(async () => {
  A = await company(t, "sign-alpha.test");
  B = await company(t, "sign-beta.test");
});

const base = "/api/mail/config/sign";
const list = async (co: Co): Promise<Signature[]> => (await t.call("GET", base, { token: co.token })).body.signatures;
const add = (co: Co, json: Record<string, unknown>) => t.call("POST", base, { token: co.token, json });
const clear = async (co: Co) => {
  for (const s of await list(co)) expect((await t.call("DELETE", `${base}/${s.id}`, { token: co.token })).status).toBe(204);
};

describe("signatures", () => {
  test("a new user has none; add answers 201 with the stored signature, JSON or form", async () => {
    expect(await list(A)).toEqual([]);
    const r = await add(A, { title: "  회사 서명 ", contents: "<p>Alice <b>Admin</b></p>" });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(Number), title: "회사 서명", signStyle: "DEFAULT", contents: "<p>Alice <b>Admin</b></p>",
      useNewMail: false, useReplyForward: false,
    });
    const f = await t.call("POST", base, { token: A.token, form: { title: "Form", signStyle: "LINE", contents: "<p>x</p>" } });
    expect(f.status).toBe(201);
    expect(f.body).toMatchObject({ title: "Form", signStyle: "LINE" });
    expect((await list(A)).map((s) => s.title)).toEqual(["회사 서명", "Form"]);
    await clear(A);
  });

  test("the title is required (mail.380) and at most 20 characters (mail.381); an unknown style is refused", async () => {
    for (const title of [undefined, "", "   "]) {
      const r = await add(A, { title, contents: "x" });
      expect({ status: r.status, code: r.body.code }).toEqual({ status: 400, code: "mail.380" });
    }
    const long = await add(A, { title: "가".repeat(21), contents: "x" });
    expect({ status: long.status, code: long.body.code }).toEqual({ status: 400, code: "mail.381" });
    expect((await add(A, { title: "가".repeat(20), contents: "x" })).status).toBe(201);
    expect((await add(A, { title: "s", signStyle: "FANCY" })).status).toBe(400);
    const huge = await add(A, { title: "big", contents: "a".repeat(200_001) });
    expect(huge.body.code).toBe("mail.signature_contents_too_long");
    await clear(A);
  });

  test(`at most ${MAX_SIGNATURES} signatures: the sixth is 409 mail.382, and a delete makes room`, async () => {
    const made = await Promise.all(Array.from({ length: MAX_SIGNATURES + 2 }, (_, i) => add(A, { title: `s${i}` })));
    expect(made.filter((r) => r.status === 201)).toHaveLength(MAX_SIGNATURES);
    for (const r of made.filter((r) => r.status !== 201)) expect({ status: r.status, code: r.body.code }).toEqual({ status: 409, code: "mail.382" });
    const all = await list(A);
    expect(all).toHaveLength(MAX_SIGNATURES);
    expect((await t.call("DELETE", `${base}/${all[0].id}`, { token: A.token })).status).toBe(204);
    expect((await add(A, { title: "again" })).status).toBe(201);
    await clear(A);
  });

  test("contents are sanitised: scripts, handlers, javascript: links and document tags go; markup stays", async () => {
    const r = await add(A, {
      title: "xss",
      contents: '<html><head><style>body{display:none}</style></head><body><p onclick="x()" style="color:red">Hi' +
        '<script>alert(1)</script><a href="javascript:alert(2)">a</a> <a href="https://ex.test">b</a>' +
        '<img src="https://ex.test/i.png" onerror="x()"><iframe src="https://evil.test"></iframe></p></body></html>',
    });
    expect(r.status).toBe(201);
    const html = r.body.contents as string;
    for (const bad of ["<script", "alert(1)", "onclick", "onerror", "javascript:", "<iframe", "<style", "display:none", "<html", "<body", "<head"]) {
      expect(html).not.toContain(bad);
    }
    expect(html).toContain('style="color:red"');
    expect(html).toContain('href="https://ex.test"');
    expect(html).toContain('<img src="https://ex.test/i.png"');
    const changed = await t.call("PUT", `${base}/${r.body.id}`, { token: A.token, json: { title: "xss", contents: "<p>ok<script>x</script></p>" } });
    expect(changed.body.contents).toBe("<p>ok</p>");
    await clear(A);
  });

  test("PUT changes title, style and contents; the defaults stay as they were", async () => {
    const s = (await add(A, { title: "old", contents: "<p>old</p>" })).body as Signature;
    await t.call("PUT", `${base}/${s.id}/useNewMail`, { token: A.token, json: { useNewMail: true } });
    const r = await t.call("PUT", `${base}/${s.id}`, { token: A.token, json: { title: "new", signStyle: "BOX", contents: "<p>new</p>" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...s, title: "new", signStyle: "BOX", contents: "<p>new</p>", useNewMail: true });
    const bad = await t.call("PUT", `${base}/${s.id}`, { token: A.token, json: { title: "x".repeat(21) } });
    expect(bad.body.code).toBe("mail.381");
    await clear(A);
  });

  test("each default is on one signature at most: setting one clears the other; off, or toggled without a value", async () => {
    const one = (await add(A, { title: "one" })).body as Signature;
    const two = (await add(A, { title: "two" })).body as Signature;
    const put = (id: number, use: string, json: Record<string, unknown> = {}) => t.call("PUT", `${base}/${id}/${use}`, { token: A.token, json });
    const flags = (l: Signature[]) => l.map((s) => [s.title, s.useNewMail, s.useReplyForward]);

    let r = await put(one.id, "useNewMail", { useNewMail: true });
    expect(r.status).toBe(200);
    expect(flags(r.body.signatures)).toEqual([["one", true, false], ["two", false, false]]);
    r = await put(two.id, "useNewMail", { useNewMail: true });
    expect(flags(r.body.signatures)).toEqual([["one", false, false], ["two", true, false]]);
    r = await put(one.id, "useReplyForward", { useReplyForward: "true" });
    expect(flags(r.body.signatures)).toEqual([["one", false, true], ["two", true, false]]);
    r = await t.call("PUT", `${base}/${two.id}/useReplyForward`, { token: A.token, form: { useReplyForward: "true" } });
    expect(flags(r.body.signatures)).toEqual([["one", false, false], ["two", true, true]]);
    r = await put(two.id, "useNewMail", { useNewMail: false });
    expect(flags(r.body.signatures)).toEqual([["one", false, false], ["two", false, true]]);
    r = await put(one.id, "useNewMail");
    expect(flags(r.body.signatures)).toEqual([["one", true, false], ["two", false, true]]);
    r = await put(one.id, "useNewMail");
    expect(flags(r.body.signatures)).toEqual([["one", false, false], ["two", false, true]]);
    // Several at once still leave one default.
    await Promise.all([put(one.id, "useNewMail", { useNewMail: true }), put(two.id, "useNewMail", { useNewMail: true })]);
    expect((await list(A)).filter((s) => s.useNewMail)).toHaveLength(1);
    await clear(A);
  });

  test("another user's signature, or a missing one, is 404 for every call and stays untouched", async () => {
    const s = (await add(A, { title: "mine", contents: "<p>A</p>" })).body as Signature;
    for (const [method, path, json] of [
      ["PUT", `${base}/${s.id}`, { title: "stolen" }],
      ["PUT", `${base}/${s.id}/useNewMail`, { useNewMail: true }],
      ["PUT", `${base}/${s.id}/useReplyForward`, { useReplyForward: true }],
      ["DELETE", `${base}/${s.id}`, undefined],
      ["PUT", `${base}/999999/useNewMail`, { useNewMail: true }],
      ["DELETE", `${base}/abc`, undefined],
    ] as const) {
      const r = await t.call(method, path, { token: B.token, json });
      expect({ path, status: r.status, code: r.body?.code }).toEqual({ path, status: 404, code: "common.404" });
    }
    expect(await list(B)).toEqual([]);
    expect(await list(A)).toEqual([s]);
    expect((await t.call("GET", base, {})).status).toBe(401);
    await clear(A);
  });
});
