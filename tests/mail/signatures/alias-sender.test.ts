// The sender choice of compose (000 §6), alias part: a user may send as one of their aliases (senderType
// DOMAIN); the message's From and envelope sender are the alias, the recipient sees it, drafts keep it. A
// colleague's alias or any other address is 403 mail.360.
import { beforeAll, describe, expect, test } from "vitest";
import { mailAliases, mailOutbound } from "../../../db/schema/index.ts";
import { createTestApp } from "../../support/test-app.ts";
import { mailsIn, rawOf, twoCompanies, userId } from "../compose/helpers.ts";

const t = await createTestApp();
let S: Awaited<ReturnType<typeof twoCompanies>>;

const send = (json: Record<string, unknown>, token = S.A.token) => t.call("POST", "/api/mails/v2/send", { token, json });

beforeAll(async () => {
  S = await twoCompanies(t);
  // Aliases are given by the admin (another part of the suite); here they are set up in the store directly.
  const alice = await userId(t, S.A.username);
  const bob = await userId(t, "bob@alpha.test");
  await t.db.db.insert(mailAliases).values([
    { companyId: S.A.companyId, userId: alice, address: "sales@alpha.test" },
    { companyId: S.A.companyId, userId: bob, address: "bob.sales@alpha.test" },
  ]);
});

describe("sending as an alias", () => {
  test("the colleague receives the mail From the alias; the Sent copy shows it too", async () => {
    const r = await send({ to: ["bob@alpha.test"], senderEmail: "Sales@Alpha.test", senderType: "DOMAIN", senderName: "Sales team", subject: "from alias" });
    expect(r.status).toBe(200);
    const [got] = await mailsIn(t, "bob@alpha.test", "INBOX");
    expect(got.message.subject).toBe("from alias");
    expect(got.message.fromAddress).toBe("sales@alpha.test");
    expect(await rawOf(t, got.message.blobKey)).toMatch(/^From: Sales team <sales@alpha\.test>$/m);
    const [sent] = await mailsIn(t, S.A.username, "SENT");
    expect(sent.message.fromAddress).toBe("sales@alpha.test");
  });

  test("mail to another server goes out with the alias as the envelope sender", async () => {
    const r = await send({ to: ["someone@remote.example"], senderEmail: "sales@alpha.test", subject: "outward" });
    expect(r.status).toBe(200);
    expect(r.body.recipients[0].status).toBe("QUEUED");
    const rows = await t.db.db.select().from(mailOutbound).orderBy(mailOutbound.id);
    expect(rows.at(-1)?.envelopeFrom).toBe("sales@alpha.test");
  });

  test("a draft keeps the alias as its From", async () => {
    const r = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { to: ["bob@alpha.test"], senderEmail: "sales@alpha.test", subject: "draft" } });
    expect(r.status).toBeLessThan(300);
    const [draft] = await mailsIn(t, S.A.username, "DRAFTS");
    expect(draft.message.fromAddress).toBe("sales@alpha.test");
  });

  test("a colleague's alias, a foreign address or another company's address is 403 mail.360, for send and draft", async () => {
    for (const senderEmail of ["bob.sales@alpha.test", "bob@alpha.test", "boss@beta.test", "sales@beta.test"]) {
      const r = await send({ to: ["bob@alpha.test"], senderEmail, subject: "x" });
      expect({ senderEmail, status: r.status, code: r.body.code }).toEqual({ senderEmail, status: 403, code: "mail.360" });
      const d = await t.call("POST", "/api/mails/v2/draft", { token: S.A.token, json: { to: [], senderEmail, subject: "x" } });
      expect(d.status).toBe(403);
    }
    // Bob may use his own alias.
    expect((await send({ to: [S.A.username], senderEmail: "bob.sales@alpha.test", subject: "bob as alias" }, S.bobToken)).status).toBe(200);
  });
});
