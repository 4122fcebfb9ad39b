// An alias is a recipient: mail from another server (a real SMTP conversation on loopback, nodemailer as the
// sending server) and a colleague's web mail to an alias land in its user's inbox; a message naming both the
// user's address and an alias gives one copy; an unknown alias is refused at RCPT; a deleted alias, or the
// alias of an inactive user, no longer receives.
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { mailFolders, mailMessages, mails } from "../../../db/schema/index.ts";
import { resolveRecipients } from "../../../server/modules/mail/store/recipients.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { createTestApp, login, signupCompany } from "../../support/test-app.ts";
import { compose, listen, localResolver, sendRaw } from "../smtp/support.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
let A: Awaited<ReturnType<typeof signupCompany>>;
let kim = 0;
let lee = 0;
let leeToken = "";
let salesAlias = 0;
const FROM = "partner@partner.example";

const addAlias = (userId: number, address: string) =>
  t.call("POST", `/api/admin/users/${userId}/aliases`, { token: A.token, json: { address } });

/** The user's inbox mails with their subjects, oldest first. */
async function inbox(userId: number) {
  return await t.db.db.select({ id: mails.id, subject: mailMessages.subject }).from(mails)
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId))
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .where(and(eq(mails.userId, userId), eq(mailFolders.folderType, "INBOX")))
    .orderBy(mails.id);
}
const subjects = async (userId: number) => (await inbox(userId)).map((m) => m.subject);

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alias-mail.test" });
  kim = (await adminApi(t).newUser(A.token, { loginId: "kim", accountName: "Kim" })).id;
  lee = (await adminApi(t).newUser(A.token, { loginId: "lee", accountName: "Lee" })).id;
  leeToken = (await login(t, "lee@alias-mail.test", USER_PASSWORD)).access_token;
  const r = await addAlias(kim, "Sales@alias-mail.test");
  expect(r.status).toBe(201);
  salesAlias = r.body.id;
  expect((await addAlias(kim, "support@alias-mail.test")).status).toBe(201);
});

describe("inbound SMTP", () => {
  test("mail to an alias is accepted at RCPT and lands in its user's inbox", async () => {
    const raw = await compose({ from: FROM, to: "sales@alias-mail.test", subject: "To the alias", text: "hello" });
    const r = await sendRaw(smtp.port, { from: FROM, to: ["SALES@alias-mail.test"] }, raw);
    expect(r.ok, r.response).toBe(true);
    expect(r.accepted).toEqual(["SALES@alias-mail.test"]);
    expect(await subjects(kim)).toEqual(["To the alias"]);
    expect(await subjects(lee)).toEqual([]);
  });

  test("the user's own address and two aliases in one message: one copy", async () => {
    const to = ["kim@alias-mail.test", "sales@alias-mail.test", "support@alias-mail.test"];
    const raw = await compose({ from: FROM, to, subject: "Three ways", text: "once" });
    const r = await sendRaw(smtp.port, { from: FROM, to }, raw);
    expect(r.ok, r.response).toBe(true);
    expect((await subjects(kim)).filter((s) => s === "Three ways")).toHaveLength(1);
  });

  test("an alias and another user in one message: each gets it", async () => {
    const to = ["support@alias-mail.test", "lee@alias-mail.test"];
    const r = await sendRaw(smtp.port, { from: FROM, to }, await compose({ from: FROM, to, subject: "Both", text: "x" }));
    expect(r.ok, r.response).toBe(true);
    expect(await subjects(kim)).toContain("Both");
    expect(await subjects(lee)).toContain("Both");
  });

  test("an unknown alias of a hosted domain is refused at RCPT with 550 5.1.1", async () => {
    const raw = await compose({ from: FROM, to: "nosuch@alias-mail.test", subject: "Nobody", text: "x" });
    const r = await sendRaw(smtp.port, { from: FROM, to: ["nosuch@alias-mail.test"] }, raw);
    expect(r.ok).toBe(false);
    expect(r.rejectedResponses).toEqual(["550 5.1.1 <nosuch@alias-mail.test>: recipient address rejected: user unknown"]);
  });
});

describe("local mail", () => {
  test("a colleague's web mail to the alias arrives in the user's inbox (DELIVERED)", async () => {
    const r = await t.call("POST", "/api/mails/v2/send", {
      token: leeToken,
      json: { to: ["Sales desk <sales@alias-mail.test>"], subject: "Internal to alias", content: "<p>hi</p>" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.recipients).toEqual([{ address: "sales@alias-mail.test", name: "Sales desk", kind: "to", status: "DELIVERED", reason: null }]);
    expect(await subjects(kim)).toContain("Internal to alias");
  });

  test("to the user and their alias (To and Cc) in one web mail: one copy", async () => {
    const r = await t.call("POST", "/api/mails/v2/send", {
      token: leeToken,
      json: { to: ["kim@alias-mail.test"], cc: ["support@alias-mail.test"], subject: "Once internally", content: "<p>x</p>" },
    });
    expect(r.status).toBe(200);
    expect((await subjects(kim)).filter((s) => s === "Once internally")).toHaveLength(1);
  });
});

describe("the look-up", () => {
  test("resolveRecipients maps an alias to its user's mailbox, not as a group", async () => {
    const found = await resolveRecipients(t.db.db, ["sales@alias-mail.test", "kim@alias-mail.test", "nosuch@alias-mail.test"]);
    expect(found.get("sales@alias-mail.test")).toMatchObject({ group: false, boxes: [{ userId: kim, username: "kim@alias-mail.test" }] });
    expect(found.get("kim@alias-mail.test")?.boxes[0].userId).toBe(kim);
    expect(found.has("nosuch@alias-mail.test")).toBe(false);
  });

  test("a deleted alias and the alias of an inactive user no longer receive", async () => {
    expect((await t.call("DELETE", `/api/admin/users/${kim}/aliases/${salesAlias}`, { token: A.token })).status).toBe(204);
    const r = await sendRaw(smtp.port, { from: FROM, to: ["sales@alias-mail.test"] }, await compose({ from: FROM, to: "sales@alias-mail.test", subject: "Late", text: "x" }));
    expect(r.ok).toBe(false);
    expect(r.rejectedResponses[0]).toMatch(/^550 5\.1\.1 /);

    expect((await t.call("PUT", `/api/admin/users/${kim}`, { token: A.token, json: { status: "INACTIVE" } })).status).toBe(200);
    expect((await resolveRecipients(t.db.db, ["support@alias-mail.test"])).has("support@alias-mail.test")).toBe(false);
    expect((await t.call("PUT", `/api/admin/users/${kim}`, { token: A.token, json: { status: "ACTIVE" } })).status).toBe(200);
    expect((await resolveRecipients(t.db.db, ["support@alias-mail.test"])).get("support@alias-mail.test")?.boxes[0].userId).toBe(kim);
  });
});
