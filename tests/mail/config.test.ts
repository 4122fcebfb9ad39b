// The mail config (shared/mail/config.ts): defaults for a new user, one setting or group saved at a time
// (JSON or form), values out of range refused whole with mail.423, the first-screen folder only one of the
// user's own, and each user's config their own.
import { beforeAll, describe, expect, test } from "vitest";
import { MAIL_CONFIG_DEFAULTS } from "../../shared/mail/config.ts";
import { createTestApp } from "../support/test-app.ts";
import { type Co, company, systemFolderId } from "./folders/helpers.ts";

const t = await createTestApp();
let A: Co, B: Co;

beforeAll(async () => {
  A = await company(t, "config-alpha.test");
  B = await company(t, "config-beta.test");
  // System folders are made on a user's first look at the tree.
  for (const co of [A, B]) expect((await t.call("GET", "/api/folders", { token: co.token })).status).toBe(200);
});

const get = (co: Co) => t.call("GET", "/api/mail/config", { token: co.token });
const put = (co: Co, setting: string, json: Record<string, unknown>) => t.call("PUT", `/api/mail/config/${setting}`, { token: co.token, json });

describe("mail config", () => {
  test("a new user gets every default", async () => {
    const r = await get(A);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(MAIL_CONFIG_DEFAULTS);
    expect(r.body.pageSize).toBe(20);
    expect(r.body.initFontSize).toBe(14);
    expect(r.body.imapMessageMaxLimit).toBe(1000);
  });

  test("single settings save and answer the whole config; forms work too", async () => {
    expect((await put(A, "pageSize", { pageSize: 50 })).body.pageSize).toBe(50);
    const split = await t.call("PUT", "/api/mail/config/splitView", { token: A.token, form: { splitView: "true", showFirstMail: "1" } });
    expect(split.status).toBe(200);
    expect(split.body).toMatchObject({ splitView: true, showFirstMail: true, pageSize: 50 });
    expect((await put(A, "autoSave", { autoSave: 180 })).body.autoSave).toBe(180);
    expect((await get(A)).body).toMatchObject({ pageSize: 50, splitView: true, showFirstMail: true, autoSave: 180, useTab: false });
  });

  test("a group saves any subset of its fields and ignores fields of other groups", async () => {
    const r = await put(A, "write", { popupWrite: true, includeMe: 1, subjectFirsts: ["[공지]", "[긴급]"], pageSize: 10 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ popupWrite: true, includeMe: 1, subjectFirsts: ["[공지]", "[긴급]"], pageSize: 50 });
  });

  test("a value out of range is refused whole: nothing of the request is saved", async () => {
    const before = (await get(A)).body;
    for (const [setting, json] of [
      ["pageSize", { pageSize: 0 }],
      ["pageSize", { pageSize: 201 }],
      ["autoSave", { autoSave: 45 }],
      ["list", { useTag: false, subjectSearchOperator: "XOR" }],
      ["write", { includeMe: 3 }],
      ["write", { subjectFirsts: ["a", "b", "c", "d", "e", "f"] }],
      ["splitView", {}],
    ] as const) {
      const r = await put(A, setting, json);
      expect({ setting, status: r.status, code: r.body.code }).toEqual({ setting, status: 400, code: "mail.423" });
    }
    expect((await get(A)).body).toEqual(before);
    expect((await put(A, "nonsense", { x: 1 })).status).toBe(404);
  });

  test("the first-screen folder: own folders, virtual ones, 'all' and tags; another user's folder is refused", async () => {
    const inbox = await systemFolderId(t, A, "INBOX");
    expect((await put(A, "firstScreen", { firstScreenFolderId: inbox })).body.firstScreenFolderId).toBe(inbox);
    expect((await put(A, "firstScreen", { firstScreenFolderId: -2 })).body.firstScreenFolderId).toBe(-2);
    expect((await put(A, "firstScreen", { firstScreenFolderId: "all" })).body.firstScreenFolderId).toBe("all");
    const foreign = await systemFolderId(t, B, "INBOX");
    expect((await put(A, "firstScreen", { firstScreenFolderId: foreign })).body.code).toBe("mail.423");
    expect((await put(A, "firstScreen", { firstScreenFolderId: -9 })).body.code).toBe("mail.423");
    expect((await put(A, "firstScreen", { firstScreenFolderId: null })).body.firstScreenFolderId).toBeNull();
  });

  test("deleting the first-screen folder resets the setting to the inbox (the default)", async () => {
    const made = await t.call("POST", "/api/folders", { token: A.token, json: { folderType: "PRIVATE", nameFolder: "첫 화면" } });
    expect(made.status).toBe(201);
    expect((await put(A, "firstScreen", { firstScreenFolderId: made.body.id })).body.firstScreenFolderId).toBe(made.body.id);
    await put(A, "pageSize", { pageSize: 30 });
    expect((await t.call("DELETE", `/api/folders/${made.body.id}`, { token: A.token })).status).toBe(204);
    expect((await get(A)).body).toMatchObject({ firstScreenFolderId: null, pageSize: 30 });
  });

  test("each user's config is their own; unauthenticated calls are refused", async () => {
    expect((await get(B)).body).toEqual(MAIL_CONFIG_DEFAULTS);
    expect((await t.call("GET", "/api/mail/config")).status).toBe(401);
  });
});
