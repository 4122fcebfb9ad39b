// Group addresses: an organisation's address reaches the active members of the organisation and of every
// organisation below it, once each, whether the mail is sent from here or arrives over SMTP; a full mailbox of
// a member is passed over; the recipient check answers how many mailboxes an address reaches (0 → mail.575);
// another company's organisations are neither reachable by their check nor leaked through it.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { adminApi } from "../support/admin-api.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";
import { compose, listen, localResolver, sendRaw } from "./smtp/support.ts";
import { mailsIn } from "./compose/helpers.ts";

const t = await createTestApp();
const { newOrg, newUser } = adminApi(t);
let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
let port = 0;

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  B = await signupCompany(t, { domain: "beta.test" });
  const dev = (await newOrg(A.token, { name: "Dev", email: "dev@alpha.test" })).id;
  const web = (await newOrg(A.token, { name: "Web", parentId: dev })).id;
  await newOrg(A.token, { name: "Empty", email: "empty@alpha.test" });
  await newUser(A.token, { loginId: "kim", accountName: "Kim", organIds: [dev] });
  await newUser(A.token, { loginId: "lee", accountName: "Lee", organIds: [web, dev] });
  await newUser(A.token, { loginId: "park", accountName: "Park", organIds: [web] });
  const gone = await newUser(A.token, { loginId: "gone", accountName: "Gone", organIds: [web] });
  expect((await t.call("PUT", `/api/admin/users/${gone.id}`, { token: A.token, json: { status: "INACTIVE" } })).status).toBe(200);
  await newOrg(B.token, { name: "Beta Dev", email: "dev@beta.test" });
  port = (await listen(t.deps, localResolver({}))).port;
});

const inbox = async (who: string) => (await mailsIn(t, `${who}@alpha.test`, "INBOX")).map((m) => m.message.subject);

describe("group addresses", () => {
  test("a mail sent to an organisation reaches its members and its sub-organisations' members, once each", async () => {
    const r = await t.call("POST", "/api/mails/v2/send", {
      token: A.token,
      json: { to: [{ value: "dev@alpha.test" }], cc: [{ value: "lee@alpha.test" }], subject: "Sprint review", content: "<p>Friday</p>" },
    });
    expect(r.status).toBe(200);
    expect(r.body.recipients).toEqual(expect.arrayContaining([
      expect.objectContaining({ address: "dev@alpha.test", status: "DELIVERED" }),
      expect.objectContaining({ address: "lee@alpha.test", status: "DELIVERED" }),
    ]));
    for (const who of ["kim", "lee", "park"]) expect(await inbox(who)).toEqual(["Sprint review"]);
    expect(await inbox("gone")).toEqual([]);
  });

  test("over SMTP the same: one copy per member, and a group without members is refused like an unknown user", async () => {
    const raw = await compose({ from: "partner@outside.example", to: "dev@alpha.test", subject: "From outside", text: "hello" });
    const ok = await sendRaw(port, { from: "partner@outside.example", to: ["dev@alpha.test", "park@alpha.test"] }, raw);
    expect(ok.ok).toBe(true);
    for (const who of ["kim", "lee", "park"]) expect((await inbox(who)).filter((s) => s === "From outside")).toHaveLength(1);
    const empty = await sendRaw(port, { from: "partner@outside.example", to: ["empty@alpha.test"] }, raw);
    expect(empty.ok).toBe(false);
    expect(empty.response).toMatch(/^550 5\.1\.1/);
  });

  test("a member whose mailbox is full is passed over; the others still get the mail", async () => {
    await t.db.db.update(users).set({ totalQuota: 1 }).where(eq(users.username, "kim@alpha.test"));
    const raw = await compose({ from: "partner@outside.example", to: "dev@alpha.test", subject: "Quota day", text: "hello" });
    const r = await sendRaw(port, { from: "partner@outside.example", to: ["dev@alpha.test"] }, raw);
    expect(r.ok).toBe(true);
    expect(await inbox("kim")).not.toContain("Quota day");
    expect(await inbox("park")).toContain("Quota day");
    await t.db.db.update(users).set({ totalQuota: 10 * 1024 ** 3 }).where(eq(users.username, "kim@alpha.test"));
  });

  test("the recipient check counts the mailboxes an address reaches; nobody → 0 (mail.575 in the UI)", async () => {
    const check = async (address: string, token = A.token) =>
      (await t.call("GET", `/api/mails/v2/recipients/check?address=${encodeURIComponent(address)}`, { token })).body;
    expect(await check("dev@alpha.test")).toEqual({ address: "dev@alpha.test", result: 3, group: true });
    expect(await check("Kim <KIM@alpha.test>")).toEqual({ address: "kim@alpha.test", result: 1, group: false });
    expect(await check("empty@alpha.test")).toMatchObject({ result: 0, group: true });
    expect(await check("nobody@alpha.test")).toMatchObject({ result: 0, group: false });
    expect(await check("someone@outside.example")).toMatchObject({ result: 1 });
    // Another company's group on this server: answered like any address elsewhere, its members not counted.
    expect(await check("dev@beta.test")).toEqual({ address: "dev@beta.test", result: 1, group: false });
    const bad = await t.call("GET", "/api/mails/v2/recipients/check?address=not-an-address", { token: A.token });
    expect(bad).toMatchObject({ status: 400, body: { code: "mail.575" } });
    expect((await t.call("GET", "/api/mails/v2/recipients/check?address=dev@alpha.test")).status).toBe(401);
  });
});
