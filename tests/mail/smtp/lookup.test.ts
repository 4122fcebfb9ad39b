// The listener's recipient look-up (smtp/mailboxes.ts, fixed SQL for the common case) answers exactly what
// store/recipients.ts resolveRecipients answers: own addresses in any case, aliases, group addresses, an
// inactive user, unknown and foreign addresses, and another company's users.
import { beforeAll, describe, expect, test } from "vitest";
import { lookupRecipients } from "../../../server/modules/mail/smtp/mailboxes.ts";
import { resolveRecipients } from "../../../server/modules/mail/store/recipients.ts";
import { adminApi } from "../../support/admin-api.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";

const t = await createTestApp();
const { newOrg, newUser } = adminApi(t);

beforeAll(async () => {
  const A = await signupCompany(t, { domain: "lookup-a.test" });
  const B = await signupCompany(t, { domain: "lookup-b.test" });
  const team = (await newOrg(A.token, { name: "Team", email: "team@lookup-a.test" })).id;
  const kim = await newUser(A.token, { loginId: "kim", accountName: "Kim", organIds: [team] });
  await newUser(A.token, { loginId: "lee", accountName: "Lee", organIds: [team] });
  const gone = await newUser(A.token, { loginId: "gone", accountName: "Gone", organIds: [team] });
  expect(
    (await t.call("PUT", `/api/admin/users/${gone.id}`, { token: A.token, json: { status: "INACTIVE" } }))
      .status,
  ).toBe(200);
  expect(
    (await t.call("POST", `/api/admin/users/${kim.id}/aliases`, {
      token: A.token,
      json: { address: "sales@lookup-a.test" },
    })).status,
  ).toBe(201);
  await newUser(B.token, { loginId: "park", accountName: "Park" });
});

describe("recipient look-up", () => {
  test("answers as resolveRecipients does, address by address and all at once", async () => {
    const addresses = [
      "Kim@Lookup-A.test",
      "<lee@lookup-a.test>",
      "sales@lookup-a.test",
      "team@lookup-a.test",
      "gone@lookup-a.test",
      "nobody@lookup-a.test",
      "park@lookup-b.test",
      "someone@elsewhere.example",
      "not-an-address",
    ];
    const sorted = (m: Map<string, { boxes: { userId: number }[]; group: boolean }>) =>
      [...m].map(([a, r]) => [a, r.group, r.boxes.map((b) => JSON.stringify(b)).sort()]).sort();
    for (const a of addresses) {
      expect(sorted(await lookupRecipients(t.deps, [a])), a).toEqual(
        sorted(await resolveRecipients(t.db.db, [a])),
      );
    }
    const all = await lookupRecipients(t.deps, addresses);
    expect(sorted(all)).toEqual(sorted(await resolveRecipients(t.db.db, addresses)));
    expect([...all.keys()].sort()).toEqual([
      "kim@lookup-a.test",
      "lee@lookup-a.test",
      "park@lookup-b.test",
      "sales@lookup-a.test",
      "team@lookup-a.test",
    ]);
    expect(all.get("team@lookup-a.test")).toMatchObject({
      group: true,
      boxes: [expect.anything(), expect.anything()],
    });
  });
});
