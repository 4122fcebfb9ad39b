// Auto-sort rules (shared/mail/rules.ts): the API with its limits and codes, ordering, each user's rules their
// own, and the real effect: a message arriving over SMTP from a rule's sender lands in the rule's folder (first
// match in sort order wins; spam is not sorted).
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { mailFolders, mails } from "../../../db/schema/index.ts";
import { RULES_MAX } from "../../../shared/mail/rules.ts";
import { createTestApp } from "../../support/test-app.ts";
import { type Co, company, systemFolderId } from "../folders/helpers.ts";
import { compose, listen, localResolver, sendRaw } from "../smtp/support.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: Co, B: Co;
let projects = 0, clients = 0, inbox = 0;

const base = "/api/mail/config/rule";
const add = (co: Co, conditionOptions: Record<string, string[]>, folderId: number) =>
  t.call("POST", base, { token: co.token, json: { conditionOptions, processOptions: { folderId } } });
const list = (co: Co, q = "") => t.call("GET", `${base}${q}`, { token: co.token });

async function folderOf(mailId: number) {
  const [m] = await t.db.db.select({ folderId: mails.folderId }).from(mails).where(eq(mails.id, mailId));
  return m.folderId;
}

/** Sends a message over SMTP to `to`; answers the recipient's newest mail id. */
async function arrive(co: Co, from: string, to: string[], cc: string[] = [], subject = "Sorting") {
  const raw = await compose({ from, to: to.join(", "), cc: cc.length ? cc.join(", ") : undefined, subject, text: "hello" });
  const r = await sendRaw(smtp.port, { from: from.replace(/.*<|>/g, ""), to: [co.username] }, raw);
  expect(r.ok).toBe(true);
  const rows = await t.db.db.select({ id: mails.id }).from(mails).where(eq(mails.userId, co.userId));
  return Math.max(...rows.map((x) => x.id));
}

beforeAll(async () => {
  A = await company(t, "rules-alpha.test");
  B = await company(t, "rules-beta.test");
  for (const co of [A, B]) expect((await t.call("GET", "/api/folders", { token: co.token })).status).toBe(200);
  projects = (await t.call("POST", "/api/folders", { token: A.token, json: { folderType: "PRIVATE", nameFolder: "Projects" } })).body.id;
  clients = (await t.call("POST", "/api/folders", { token: A.token, json: { folderType: "PRIVATE", nameFolder: "Clients" } })).body.id;
  inbox = await systemFolderId(t, A, "INBOX");
});

describe("rules API", () => {
  test("add answers 201 with the rule in stored form; list in sort order with paging", async () => {
    const r = await add(A, { From: ["Boss@Partner.Example", "boss@partner.example"], ToCc: ["team@rules-alpha.test"] }, projects);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      conditionOptions: { From: ["boss@partner.example"], ToCc: ["team@rules-alpha.test"] },
      processOptions: { folderId: projects },
      sortOrder: 1,
    });
    const r2 = await add(A, { From: ["@clients.example"] }, clients);
    expect(r2.status).toBe(201);
    expect(r2.body.sortOrder).toBe(2);
    const page = await list(A, "?page=0&pageSize=1");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 0, pageSize: 1, totalCount: 2 });
    expect(page.body.rules.map((x: { id: number }) => x.id)).toEqual([r.body.id]);
    expect((await list(A, "?page=1&pageSize=1")).body.rules[0].id).toBe(r2.body.id);
  });

  test("validation: at least one criterion, valid addresses, at most 10 per option (400 mail.387)", async () => {
    for (const cond of <Record<string, string[]>[]> [{}, { From: [] }, { From: ["not an address"] }, { To: Array.from({ length: 11 }, (_, i) => `u${i}@x.example`) }]) {
      const r = await add(A, cond, projects);
      expect({ cond, status: r.status, code: r.body.code }).toEqual({ cond, status: 400, code: "mail.387" });
    }
    expect((await add(A, { To: Array.from({ length: 10 }, (_, i) => `ten${i}@x.example`) }, projects)).status).toBe(201);
    const bad = await t.call("POST", base, { token: A.token, json: { conditionOptions: { From: ["a@b.example"] } } });
    expect(bad.body.code).toBe("mail.389");
  });

  test("the same conditions twice are refused (409 mail.386), whatever the order or case", async () => {
    const r = await add(A, { ToCc: ["TEAM@rules-alpha.test"], From: ["boss@partner.example"] }, clients);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("mail.386");
  });

  test("the folder must be the user's own private folder or inbox-like folder (404 mail.389)", async () => {
    const sent = await systemFolderId(t, A, "SENT");
    const foreign = await systemFolderId(t, B, "INBOX");
    for (const folderId of [sent, foreign, 99999999]) {
      const r = await add(A, { From: ["x@y.example"] }, folderId);
      expect({ folderId, status: r.status, code: r.body.code }).toEqual({ folderId, status: 404, code: "mail.389" });
    }
    expect((await add(A, { From: ["inbox@y.example"] }, inbox)).status).toBe(201);
  });

  test("edit changes conditions and folder; a duplicate edit is 409; a foreign or missing id is 404 mail.388", async () => {
    const rules = (await list(A, "?pageSize=100")).body.rules;
    const last = rules.at(-1);
    const r = await t.call("PUT", `${base}/${last.id}`, { token: A.token, json: { conditionOptions: { Cc: ["cc@y.example"] }, processOptions: { folderId: clients } } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: last.id, conditionOptions: { Cc: ["cc@y.example"] }, processOptions: { folderId: clients }, sortOrder: last.sortOrder });
    const dup = await t.call("PUT", `${base}/${last.id}`, { token: A.token, json: { conditionOptions: rules[0].conditionOptions, processOptions: { folderId: clients } } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("mail.386");
    const foreign = await t.call("PUT", `${base}/${last.id}`, { token: B.token, json: { conditionOptions: { Cc: ["z@y.example"] }, processOptions: { folderId: await systemFolderId(t, B, "INBOX") } } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("mail.388");
    expect((await t.call("PUT", `${base}/abc`, { token: A.token, json: {} })).status).toBe(404);
  });

  test("sortOrder moves a rule before another, or to the end with isLast (form)", async () => {
    const ids = (await list(A, "?pageSize=100")).body.rules.map((x: { id: number }) => x.id);
    expect(ids.length).toBe(4);
    const before = await t.call("PUT", `${base}/${ids[3]}/sortOrder/${ids[0]}`, { token: A.token, form: { isLast: "false" } });
    expect(before.status).toBe(200);
    expect(before.body.rules.map((x: { id: number }) => x.id)).toEqual([ids[3], ids[0], ids[1], ids[2]]);
    expect(before.body.rules.map((x: { sortOrder: number }) => x.sortOrder)).toEqual([1, 2, 3, 4]);
    const last = await t.call("PUT", `${base}/${ids[3]}/sortOrder/0`, { token: A.token, form: { isLast: "true" } });
    expect(last.body.rules.map((x: { id: number }) => x.id)).toEqual(ids);
    expect((await t.call("PUT", `${base}/${ids[0]}/sortOrder/${ids[1]}`, { token: B.token, json: {} })).status).toBe(404);
    expect((await t.call("PUT", `${base}/${ids[0]}/sortOrder/99999999`, { token: A.token, json: {} })).status).toBe(404);
  });

  test("another company's user sees none of these rules and cannot delete them", async () => {
    expect((await list(B)).body).toMatchObject({ rules: [], totalCount: 0 });
    const ids = (await list(A, "?pageSize=100")).body.rules.map((x: { id: number }) => x.id);
    expect((await t.call("DELETE", base, { token: B.token, form: { ruleIds: ids } })).status).toBe(204);
    expect((await list(A)).body.totalCount).toBe(4);
  });
});

describe("rules on arriving mail (SMTP)", () => {
  test("a message from a rule's sender lands in the rule's folder; others stay in the inbox", async () => {
    // Rule 1: From boss AND ToCc team → Projects. Rule 2: From @clients.example → Clients.
    const m1 = await arrive(A, "Boss <BOSS@partner.example>", ["someone@else.example"], ["team@rules-alpha.test"]);
    expect(await folderOf(m1)).toBe(projects);
    const m2 = await arrive(A, "Boss <boss@partner.example>", ["someone@else.example"]);
    expect(await folderOf(m2)).toBe(inbox); // only one of the two conditions
    const m3 = await arrive(A, "Client <ceo@Clients.example>", [A.username]);
    expect(await folderOf(m3)).toBe(clients);
    const m4 = await arrive(A, "Other <x@else.example>", [A.username]);
    expect(await folderOf(m4)).toBe(inbox);
    // The folder's counters follow (the store's triggers).
    const [f] = await t.db.db.select().from(mailFolders).where(and(eq(mailFolders.id, clients)));
    expect(f.totalCount).toBe(1);
  });

  test("first match in sort order wins", async () => {
    const first = await add(A, { From: ["both@order.example"] }, projects);
    const second = await add(A, { To: [A.username] }, clients);
    expect([first.status, second.status]).toEqual([201, 201]);
    const m = await arrive(A, "both@order.example", [A.username]);
    expect(await folderOf(m)).toBe(projects);
    await t.call("PUT", `${base}/${second.body.id}/sortOrder/${first.body.id}`, { token: A.token, json: { isLast: false } });
    const m2 = await arrive(A, "both@order.example", [A.username]);
    expect(await folderOf(m2)).toBe(clients);
  });

  test("multi-delete answers 204; the deleted rules no longer apply", async () => {
    const ids = (await list(A, "?pageSize=100")).body.rules.map((x: { id: number }) => x.id);
    const r = await t.call("DELETE", base, { token: A.token, form: { ruleIds: ids } });
    expect(r.status).toBe(204);
    expect((await list(A)).body.totalCount).toBe(0);
    const m = await arrive(A, "Client <ceo@clients.example>", [A.username]);
    expect(await folderOf(m)).toBe(inbox);
  });

  test("at most 100 rules: further adds are ignored (200 { ignored: true })", async () => {
    for (let i = 0; i < RULES_MAX; i++) expect((await add(A, { From: [`n${i}@many.example`] }, projects)).status).toBe(201);
    const r = await add(A, { From: ["one-too-many@many.example"] }, projects);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ignored: true });
    expect((await list(A)).body.totalCount).toBe(RULES_MAX);
  });
});
