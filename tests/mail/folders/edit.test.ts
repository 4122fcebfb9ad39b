// Creating, renaming, colouring, saving searches, moving and deleting folders, with every rule's code.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailFolders } from "../../../db/schema/index.ts";
import type { MailFolder } from "../../../shared/mail/folders.ts";
import { createTestApp } from "../../support/test-app.ts";
import { byType, type Co, company, file, find, folderRow, newFolder, systemFolderId } from "./helpers.ts";

const t = await createTestApp();
let A: Co;
let privateRoot = 0, searchRoot = 0, inbox = 0;

const tree = async (): Promise<MailFolder[]> => (await t.call("GET", "/api/folders", { token: A.token })).body;
const childNames = async (parentId: number) => find(await tree(), parentId)!.children.map((c) => c.nameFolder);
const move = (id: unknown, target: unknown, position: string) =>
  t.call("PUT", `/api/folders/move/${id}/${target}/${position}`, { token: A.token });

beforeAll(async () => {
  A = await company(t, "edit-alpha.test");
  expect((await t.call("GET", "/api/folders", { token: A.token })).status).toBe(200);
  privateRoot = await systemFolderId(t, A, "PRIVATE_ROOT");
  searchRoot = await systemFolderId(t, A, "SEARCH_ROOT");
  inbox = await systemFolderId(t, A, "INBOX");
});

describe("POST api/folders", () => {
  test("a private folder goes under the private root by default, names trimmed, 201", async () => {
    const r = await t.call("POST", "/api/folders", { token: A.token, json: { folderType: "PRIVATE", nameFolder: "  Projects  " } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ folderType: "PRIVATE", nameFolder: "Projects", parentId: privateRoot, sortOrder: 1, totalCount: 0 });
    const form = await t.call("POST", "/api/folders", { token: A.token, form: { folderType: "PRIVATE", nameFolder: "Clients", parentId: r.body.id } });
    expect(form.status).toBe(201);
    expect(form.body).toMatchObject({ parentId: r.body.id, sortOrder: 1 });
  });

  test("names: required, at most 50 characters, no slash, unique among siblings regardless of case", async () => {
    const post = (json: Record<string, unknown>) => t.call("POST", "/api/folders", { token: A.token, json: { folderType: "PRIVATE", ...json } });
    expect((await post({ nameFolder: "   " })).body.code).toBe("mail.6");
    expect((await post({})).body.code).toBe("mail.6");
    expect((await post({ nameFolder: "x".repeat(51) })).body.code).toBe("mail.folder_name_too_long");
    expect((await post({ nameFolder: "가".repeat(50) })).status).toBe(201);
    for (const bad of ["a/b", "a\\b", "tab\there"]) expect((await post({ nameFolder: bad })).body.code, bad).toBe("mail.folder_name_invalid");
    // Text the database cannot store is refused before any module's rule, for every request (issue 22).
    const nul = await post({ nameFolder: "nul\u0000" });
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe("common.validation");
    const dup = await post({ nameFolder: "PROJECTS" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("mail.folder_duplicate");
  });

  test("parents: a private folder only under private ones, a search only under the search root; types PRIVATE or SEARCH", async () => {
    const post = (json: Record<string, unknown>) => t.call("POST", "/api/folders", { token: A.token, json });
    expect((await post({ folderType: "PRIVATE", nameFolder: "x", parentId: inbox })).body.code).toBe("mail.5");
    expect((await post({ folderType: "PRIVATE", nameFolder: "x", parentId: searchRoot })).body.code).toBe("mail.5");
    expect((await post({ folderType: "PRIVATE", nameFolder: "x", parentId: 99999999 })).status).toBe(404);
    expect((await post({ folderType: "SEARCH", nameFolder: "x", parentId: privateRoot, options: { query: "a" } })).body.code).toBe("mail.5");
    expect((await post({ folderType: "INBOX", nameFolder: "x" })).status).toBe(400);
    expect((await post({ folderType: "TAG", nameFolder: "x" })).status).toBe(400);
  });

  test("concurrent creates of one name: one 201, the others 409", async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map(() =>
      t.call("POST", "/api/folders", { token: A.token, json: { folderType: "PRIVATE", nameFolder: "Race" } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.db.db.select().from(mailFolders).where(eq(mailFolders.name, "Race"));
    expect(rows).toHaveLength(1);
  });

  test("bad bodies answer 400", async () => {
    const r = await t.app.request("/api/folders", {
      method: "POST", headers: { authorization: `Bearer ${A.token}`, "content-type": "application/json" }, body: "{not json",
    });
    expect(r.status).toBe(400);
    expect((await t.call("POST", "/api/folders", { token: A.token, json: { folderType: "PRIVATE", nameFolder: 42 } })).status).toBe(400);
    expect((await t.call("POST", "/api/folders", { token: A.token, json: { folderType: "PRIVATE", nameFolder: "n", parentId: "abc" } })).status).toBe(400);
    expect((await t.call("PUT", `/api/folders/${inbox}/color`, { token: A.token, json: {} })).body.code).toBe("mail.450");
  });

  test("nesting stops at 8 levels", async () => {
    let parent = privateRoot;
    for (let i = 1; i <= 8; i++) parent = (await newFolder(t, A, { nameFolder: `deep${i}`, parentId: parent })).id as number;
    const r = await t.call("POST", "/api/folders", { token: A.token, json: { folderType: "PRIVATE", nameFolder: "deep9", parentId: parent } });
    expect(r.body.code).toBe("mail.folder_too_deep");
  });

  test("a saved search keeps validated options", async () => {
    const options = { query: "회의", folderId: -1, timeRange: { startTimeMillis: 0, endTimeMillis: 1000 }, tags: ["work"], type: "ALL" };
    const r = await t.call("POST", "/api/folders", { token: A.token, json: { folderType: "SEARCH", nameFolder: "Meetings", options } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ folderType: "SEARCH", parentId: searchRoot, options });
    const bad = async (o: unknown) =>
      (await t.call("POST", "/api/folders", { token: A.token, json: { folderType: "SEARCH", nameFolder: "S2", options: o } })).body.code;
    expect(await bad(undefined)).toBe("mail.8");
    expect(await bad({})).toBe("mail.8"); // no condition
    expect(await bad({ query: "  " })).toBe("mail.8");
    expect(await bad({ query: "x".repeat(201) })).toBe("mail.8");
    expect(await bad({ timeRange: { startTimeMillis: 5, endTimeMillis: 1 } })).toBe("mail.8");
    expect(await bad({ tags: ["has space"] })).toBe("mail.tag_invalid");
  });
});

describe("rename, colour, search", () => {
  test("PUT nameFolder renames private and search folders, trimmed; system folders answer mail.7", async () => {
    const f = await newFolder(t, A, { nameFolder: "Old name" });
    const r = await t.call("PUT", `/api/folders/${f.id}/nameFolder`, { token: A.token, form: { nameFolder: "  New name " } });
    expect(r.status).toBe(200);
    expect(r.body.nameFolder).toBe("New name");
    expect((await t.call("PUT", `/api/folders/${f.id}/nameFolder`, { token: A.token, form: { nameFolder: "" } })).body.code).toBe("mail.6");
    expect((await t.call("PUT", `/api/folders/${f.id}/nameFolder`, { token: A.token, form: { nameFolder: "projects" } })).status).toBe(409);
    // Only its case changes: its own name is not a duplicate.
    expect((await t.call("PUT", `/api/folders/${f.id}/nameFolder`, { token: A.token, form: { nameFolder: "NEW NAME" } })).status).toBe(200);
    for (const type of ["INBOX", "TOME", "DRAFTS", "SENT", "SEARCH_ROOT", "PRIVATE_ROOT", "SMART"]) {
      const id = await systemFolderId(t, A, type);
      const s = await t.call("PUT", `/api/folders/${id}/nameFolder`, { token: A.token, form: { nameFolder: "Renamed" } });
      expect([s.status, s.body.code], type).toEqual([403, "mail.7"]);
    }
    expect((await t.call("PUT", "/api/folders/-1/nameFolder", { token: A.token, form: { nameFolder: "x" } })).status).toBe(404);
  });

  test("PUT color takes #rgb or #rrggbb (stored lower case), empty clears, anything else is mail.450", async () => {
    const r = await t.call("PUT", `/api/folders/${inbox}/color`, { token: A.token, form: { color: "#A1B2C3" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: inbox, color: "#a1b2c3" });
    for (const color of ["red", "#12345", "#ggg", "#1234567", "url(x)", "javascript:1"]) {
      const bad = await t.call("PUT", `/api/folders/${inbox}/color`, { token: A.token, form: { color } });
      expect([bad.status, bad.body.code], color).toEqual([400, "mail.450"]);
    }
    expect((await t.call("PUT", `/api/folders/${inbox}/color`, { token: A.token, form: { color: "" } })).body.color).toBeNull();
  });

  test("PUT search changes a saved search; other folders answer mail.8", async () => {
    const s = (await t.call("POST", "/api/folders", {
      token: A.token, json: { folderType: "SEARCH", nameFolder: "From boss", options: { queryFrom: "boss" } },
    })).body;
    const r = await t.call("PUT", `/api/folders/${s.id}/search`, { token: A.token, json: { nameFolder: "From CEO", options: { queryFrom: "ceo", tags: ["x"] } } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ nameFolder: "From CEO", options: { queryFrom: "ceo", tags: ["x"] } });
    expect((await t.call("PUT", `/api/folders/${s.id}/search`, { token: A.token, json: { options: {} } })).body.code).toBe("mail.8");
    const priv = await newFolder(t, A, { nameFolder: "Not a search" });
    expect((await t.call("PUT", `/api/folders/${priv.id}/search`, { token: A.token, json: { options: { query: "x" } } })).body.code).toBe("mail.8");
  });
});

describe("PUT api/folders/move/{id}/{targetId}/{position}", () => {
  let a: number, b: number, c: number, child: number, grandchild: number;
  beforeAll(async () => {
    const parent = (await newFolder(t, A, { nameFolder: "Sorting" })).id as number;
    a = (await newFolder(t, A, { nameFolder: "A", parentId: parent })).id as number;
    b = (await newFolder(t, A, { nameFolder: "B", parentId: parent })).id as number;
    c = (await newFolder(t, A, { nameFolder: "C", parentId: parent })).id as number;
    child = (await newFolder(t, A, { nameFolder: "A1", parentId: a })).id as number;
    grandchild = (await newFolder(t, A, { nameFolder: "A11", parentId: child })).id as number;
  });

  const siblingsOf = async (id: number) => {
    const row = await folderRow(t, id);
    const rows = await t.db.db.select().from(mailFolders).where(eq(mailFolders.parentId, row.parentId!));
    return rows.sort((x, y) => x.sortOrder - y.sortOrder).map((r) => [r.name, r.sortOrder]);
  };

  test("before and next reorder siblings 1..n", async () => {
    let r = await move(c, a, "before");
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect(await siblingsOf(a)).toEqual([["C", 1], ["A", 2], ["B", 3]]);
    r = await move(c, b, "next");
    expect(r.status).toBe(200);
    expect(await siblingsOf(a)).toEqual([["A", 1], ["B", 2], ["C", 3]]);
    expect((await move(a, a, "next")).body.code).toBe("mail.folder_move_into_self");
  });

  test("inner moves into a folder, at the end; the old siblings close ranks", async () => {
    const r = await move(b, c, "inner");
    expect(r.status).toBe(200);
    expect(find(r.body, c)!.children.map((x) => x.id)).toEqual([b]);
    expect(await siblingsOf(a)).toEqual([["A", 1], ["C", 2]]);
    expect(await folderRow(t, b)).toMatchObject({ parentId: c, sortOrder: 1 });
    // and into the private root itself
    expect((await move(b, privateRoot, "inner")).status).toBe(200);
    expect(await folderRow(t, b)).toMatchObject({ parentId: privateRoot });
    expect(await childNames(privateRoot)).toContain("B");
  });

  test("never onto itself or into its own descendant", async () => {
    for (const [target, position] of [[a, "inner"], [child, "inner"], [grandchild, "inner"], [grandchild, "before"], [child, "next"]] as const) {
      const r = await move(a, target, position);
      expect([r.status, r.body.code], `${target} ${position}`).toEqual([400, "mail.folder_move_into_self"]);
    }
    expect(await folderRow(t, child)).toMatchObject({ parentId: a });
  });

  test("private folders stay among private folders, searches under the search root, system folders stay put", async () => {
    const search = (await t.call("POST", "/api/folders", {
      token: A.token, json: { folderType: "SEARCH", nameFolder: "Movable search", options: { query: "q" } },
    })).body.id;
    const refused = async (id: number, target: number | string, position: string) => {
      const r = await move(id, target, position);
      expect([r.status, r.body.code], `${id} ${target} ${position}`).toEqual([400, "mail.folder_move_invalid"]);
    };
    await refused(a, searchRoot, "inner");
    await refused(a, search, "before");
    await refused(a, inbox, "inner");
    await refused(a, inbox, "next");
    await refused(a, privateRoot, "before"); // beside the root = top level
    await refused(search, a, "inner");
    await refused(search, privateRoot, "inner");
    expect((await move(search, search, "inner")).body.code).toBe("mail.folder_move_into_self");
    await refused(inbox, a, "inner");
    await refused(privateRoot, searchRoot, "inner");
    await refused(a, -1, "inner");
    await refused(a, "t_x", "inner");
    await refused(a, b, "sideways");
    expect((await move(999999999, a, "inner")).status).toBe(404);
    expect((await move(a, 999999999, "inner")).status).toBe(404);
    expect(await folderRow(t, a)).toMatchObject({ name: "A" });
  });

  test("a name taken in the new place answers 409; too deep a subtree is refused", async () => {
    const other = (await newFolder(t, A, { nameFolder: "Elsewhere" })).id as number;
    await newFolder(t, A, { nameFolder: "a", parentId: other });
    expect((await move(a, other, "inner")).status).toBe(409);
    let deep = other;
    for (let i = 1; i <= 5; i++) deep = (await newFolder(t, A, { nameFolder: `lvl${i}`, parentId: deep })).id as number;
    // a has 3 levels (A, A1, A11); under lvl5 (depth 6) it would reach 9.
    expect((await move(a, deep, "inner")).body.code).toBe("mail.folder_too_deep");
  });
});

describe("DELETE api/folders/{id}", () => {
  test("an empty private or search folder is deleted, 204, and its siblings renumbered", async () => {
    const p = (await newFolder(t, A, { nameFolder: "Del parent" })).id as number;
    const x = (await newFolder(t, A, { nameFolder: "x", parentId: p })).id as number;
    const y = (await newFolder(t, A, { nameFolder: "y", parentId: p })).id as number;
    expect((await t.call("DELETE", `/api/folders/${x}`, { token: A.token })).status).toBe(204);
    expect(await folderRow(t, x)).toBeUndefined();
    expect(await folderRow(t, y)).toMatchObject({ sortOrder: 1 });
    const s = (await t.call("POST", "/api/folders", { token: A.token, json: { folderType: "SEARCH", nameFolder: "gone", options: { query: "q" } } })).body.id;
    expect((await t.call("DELETE", `/api/folders/${s}`, { token: A.token })).status).toBe(204);
    expect((await t.call("DELETE", `/api/folders/${s}`, { token: A.token })).status).toBe(404);
  });

  test("mail.9 for other types, mail.10 with sub-folders, mail.11 with mails", async () => {
    for (const type of ["INBOX", "TOME", "SENT", "DRAFTS", "DELETED", "SPAM", "PRIVATE_ROOT", "SEARCH_ROOT", "SMART"]) {
      const r = await t.call("DELETE", `/api/folders/${await systemFolderId(t, A, type)}`, { token: A.token });
      expect([r.status, r.body.code], type).toEqual([403, "mail.9"]);
    }
    const p = (await newFolder(t, A, { nameFolder: "Has kids" })).id as number;
    const kid = (await newFolder(t, A, { nameFolder: "kid", parentId: p })).id as number;
    const r10 = await t.call("DELETE", `/api/folders/${p}`, { token: A.token });
    expect([r10.status, r10.body.code]).toEqual([409, "mail.10"]);
    await file(t, A, { folder: kid });
    const r11 = await t.call("DELETE", `/api/folders/${kid}`, { token: A.token });
    expect([r11.status, r11.body.code]).toEqual([409, "mail.11"]);
    expect(await folderRow(t, kid)).toBeDefined();
    for (const id of ["-1", "-100", "t_x", "abc"]) expect((await t.call("DELETE", `/api/folders/${id}`, { token: A.token })).status).toBe(404);
  });

  test("deleting a shared folder ends its share", async () => {
    const f = (await newFolder(t, A, { nameFolder: "Shared one" })).id as number;
    const colleague = await t.call("POST", "/api/admin/users", {
      token: A.token, json: { loginId: "colleague", accountName: "Col", password: "Us3r!pass", requestPasswordChange: false },
    });
    expect(colleague.status).toBe(201);
    const shared = await t.call("POST", `/api/share/MAIL/${f}`, {
      token: A.token, json: { members: [{ memberType: "USER", memberId: colleague.body.id, permission: 2 }] },
    });
    expect(shared.status).toBe(201);
    expect(find(await tree(), f)).toMatchObject({ shareFolders: { shareId: shared.body.shareId, memberCount: 1 } });
    expect((await t.call("DELETE", `/api/folders/${f}`, { token: A.token })).status).toBe(204);
    const rows = await t.db.sql`select count(*)::int as n from shares where module_type = 'MAIL' and object_id = ${String(f)}`;
    expect(rows[0].n).toBe(0);
  });

  test("Inbox, To me, Drafts and the search root cannot be shared; Sent and private folders can", async () => {
    const u = await t.call("POST", "/api/admin/users", {
      token: A.token, json: { loginId: "sharee", accountName: "Sha", password: "Us3r!pass", requestPasswordChange: false },
    });
    const members = [{ memberType: "USER", memberId: u.body.id, permission: 2 }];
    for (const type of ["INBOX", "TOME", "DRAFTS", "SEARCH_ROOT", "DELETED", "SPAM", "PRIVATE_ROOT", "SMART"]) {
      const r = await t.call("POST", `/api/share/MAIL/${await systemFolderId(t, A, type)}`, { token: A.token, json: { members } });
      expect(r.status, type).toBe(404);
    }
    expect((await t.call("POST", `/api/share/MAIL/${await systemFolderId(t, A, "SENT")}`, { token: A.token, json: { members } })).status).toBe(201);
    expect(byType(await tree(), "SENT")).toMatchObject({ shareable: true, shareFolders: { memberCount: 1 } });
    expect(byType(await tree(), "INBOX")).toMatchObject({ shareable: false, shareFolders: null });
  });
});
