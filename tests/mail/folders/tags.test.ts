// Tags: the §5 rules, paging and searching, and renaming or deleting a tag through its tag folder, which
// renames or removes it in the owner's mails and nobody else's.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { MailTag } from "../../../shared/mail/folders.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { createTestApp, login } from "../../support/test-app.ts";
import { type Co, company, file, mailTags } from "./helpers.ts";

const t = await createTestApp();
let A: Co, colleague: Co;
const enc = encodeURIComponent;

beforeAll(async () => {
  A = await company(t, "tags-alpha.test");
  const u = await adminApi(t).newUser(A.token, { loginId: "colleague", accountName: "Colleague" });
  const [{ id }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, u.username));
  colleague = { companyId: A.companyId, userId: id, username: u.username, token: (await login(t, u.username, USER_PASSWORD)).access_token };
});

const post = (tag: string, token = A.token, form?: Record<string, string>) => t.call("POST", `/api/tag/${enc(tag)}`, { token, form });
const putTag = (id: string, json: Record<string, unknown>, token = A.token) =>
  t.call("PUT", `/api/folders/${enc(id)}/tag`, { token, json });

describe("creating tags", () => {
  test("POST /api/tag/{tag} answers 201 with the tag folder id; Korean letters, digits and underscore are fine", async () => {
    const r = await post("프로젝트_2026", A.token, { color: "#00AA00" });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: "t_프로젝트_2026", tag: "프로젝트_2026", color: "#00aa00" });
    expect((await post("x".repeat(20))).status).toBe(201);
  });

  test("no spaces, commas or other specials; at most 20 characters; colours checked", async () => {
    for (const bad of ["has space", "a,b", "a-b", "a.b", "#tag", "a/b", "tab\there"]) {
      const r = await post(bad);
      expect([r.status, r.body.code], bad).toEqual([400, "mail.tag_invalid"]);
    }
    expect((await post("y".repeat(21))).body.code).toBe("mail.tag_too_long");
    expect((await post("okcolour", A.token, { color: "green" })).body.code).toBe("mail.450");
  });

  test("an existing name is refused with 409, regardless of case; another user may have the same tag", async () => {
    expect((await post("Dup")).status).toBe(201);
    for (const again of ["Dup", "dup", "DUP"]) {
      const r = await post(again);
      expect([r.status, r.body.code], again).toEqual([409, "mail.tag_duplicate"]);
    }
    expect((await post("Dup", colleague.token)).status).toBe(201);
  });

  test("concurrent creates of one name (in any case): one 201, the others 409", async () => {
    const results = await Promise.all(["race", "Race", "RACE", "race"].map((x) => post(x)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const created = results.find((r) => r.status === 201)!.body.tag;
    expect((await putTag(`t_${created}`, { type: "delete" })).status).toBe(204);
  });

  test("PUT api/folders/{tag root}/tag type add creates one too", async () => {
    const r = await putTag("-100", { type: "add", tag: "added", color: "#123" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: "t_added", tag: "added", color: "#123" });
    expect((await putTag("-100", { type: "add", tag: "ADDED" })).status).toBe(409);
    expect((await putTag("-100", { type: "add" })).body.code).toBe("mail.tag_required");
    expect((await putTag("-100", { type: "rename", tag: "z" })).body.code).toBe("mail.tag_type_invalid");
    expect((await putTag("12345", { type: "add", tag: "z" })).status).toBe(404);
  });
});

describe("listing and searching", () => {
  test("GET /api/tag pages the caller's tags by name (130 a page by default)", async () => {
    const all = await t.call("GET", "/api/tag", { token: A.token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 0, pageSize: 130 });
    const names = all.body.content.map((x: MailTag) => x.tag);
    expect(names).toEqual(["added", "Dup", "x".repeat(20), "프로젝트_2026"]);
    const p = await t.call("GET", "/api/tag?page=1&pageSize=3", { token: A.token });
    expect(p.body).toMatchObject({ totalElements: 4, totalPages: 2, content: [{ tag: "프로젝트_2026" }] });
    expect((await t.call("GET", "/api/tag", { token: colleague.token })).body.content.map((x: MailTag) => x.tag)).toEqual(["Dup"]);
    expect((await t.call("GET", "/api/tag?pageSize=0", { token: A.token })).status).toBe(400);
  });

  test("GET /api/tag/{x} finds tags containing x (at least 2 characters), starting ones first", async () => {
    await post("budget");
    await post("q3_budget");
    const r = await t.call("GET", `/api/tag/${enc("BUD")}`, { token: A.token });
    expect(r.status).toBe(200);
    expect(r.body.map((x: MailTag) => x.tag)).toEqual(["budget", "q3_budget"]);
    expect((await t.call("GET", `/api/tag/${enc("프로")}`, { token: A.token })).body).toHaveLength(1);
    const short = await t.call("GET", "/api/tag/b", { token: A.token });
    expect([short.status, short.body.code]).toEqual([400, "mail.tag_search_short"]);
    // LIKE wildcards are searched for as text.
    expect((await t.call("GET", `/api/tag/${enc("%%")}`, { token: A.token })).body).toEqual([]);
    expect((await t.call("GET", `/api/tag/${enc("__")}`, { token: A.token })).body).toEqual([]);
  });
});

describe("renaming and deleting through the tag folder", () => {
  test("update renames the tag in the owner's mails only, merging with a name a mail already holds", async () => {
    await post("old", A.token, { color: "#111111" });
    await post("old", colleague.token);
    const mine = (await file(t, A, { folder: "INBOX", tags: ["old", "other"] })).mailId;
    const both = (await file(t, A, { folder: "INBOX", tags: ["fresh", "old"] })).mailId;
    const theirs = (await file(t, colleague, { folder: "INBOX", tags: ["old"] })).mailId;
    const r = await putTag("t_old", { type: "update", tag: "fresh" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: "t_fresh", tag: "fresh", color: "#111111" });
    expect(await mailTags(t, mine)).toEqual(["fresh", "other"]);
    expect(await mailTags(t, both)).toEqual(["fresh"]);
    expect(await mailTags(t, theirs)).toEqual(["old"]);
    expect((await t.call("GET", "/api/folders/t_fresh", { token: A.token })).body).toMatchObject({ totalCount: 2 });
    expect((await t.call("GET", "/api/folders/t_old", { token: A.token })).status).toBe(404);
    // The list of a tag folder: the owner's tag lists its mails; a tag gone, never made, or only another
    // user's answers as a missing folder does (the list and the tree agree).
    const list = (ref: string, token = A.token) => t.call("GET", `/api/mails?folderId=${enc(ref)}`, { token });
    expect((await list("t_fresh")).body.totalElements).toBe(2);
    for (const ref of ["t_old", "t_never_made"]) {
      const r = await list(ref);
      expect([r.status, r.body.code], ref).toEqual([404, "mail.folder_not_found"]);
    }
    expect((await list("t_old", colleague.token)).status).toBe(200); // the colleague's own "old"
    expect((await list("t_fresh", colleague.token)).status).toBe(404);
  });

  test("update changes only the colour when no new name is given; rules and duplicates apply to new names", async () => {
    const r = await putTag("t_fresh", { type: "update", color: "#ABCDEF" });
    expect(r.body).toEqual({ id: "t_fresh", tag: "fresh", color: "#abcdef" });
    expect((await putTag("t_fresh", { type: "update", tag: "DUP" })).status).toBe(409);
    expect((await putTag("t_fresh", { type: "update", tag: "bad name" })).body.code).toBe("mail.tag_invalid");
    expect((await putTag("t_fresh", { type: "update", tag: "Fresh" })).body.tag).toBe("Fresh");
    expect((await putTag("t_missing", { type: "update", tag: "x1" })).status).toBe(404);
  });

  test("delete removes the tag from the owner's mails only, 204", async () => {
    const mine = (await file(t, A, { folder: "INBOX", tags: ["Dup", "keep"] })).mailId;
    const theirs = (await file(t, colleague, { folder: "INBOX", tags: ["Dup"] })).mailId;
    const r = await putTag("t_Dup", { type: "delete" });
    expect(r.status).toBe(204);
    expect(await mailTags(t, mine)).toEqual(["keep"]);
    expect(await mailTags(t, theirs)).toEqual(["Dup"]);
    expect((await t.call("GET", "/api/tag", { token: A.token })).body.content.map((x: MailTag) => x.tag)).not.toContain("Dup");
    expect((await t.call("GET", "/api/tag", { token: colleague.token })).body.content.map((x: MailTag) => x.tag)).toContain("Dup");
    expect((await putTag("t_Dup", { type: "delete" })).status).toBe(404);
  });

  test("a colleague's tag folder ids answer 404 and change nothing", async () => {
    await post("solo_theirs", colleague.token);
    expect((await putTag("t_solo_theirs", { type: "delete" })).status).toBe(404);
    expect((await putTag("t_solo_theirs", { type: "update", tag: "stolen" })).status).toBe(404);
    expect((await t.call("GET", "/api/folders/t_solo_theirs", { token: A.token })).status).toBe(404);
    expect((await t.call("GET", "/api/tag", { token: colleague.token })).body.content.map((x: MailTag) => x.tag)).toContain("solo_theirs");
  });
});
