// Sending "from" a shared folder (POST api/share/mails/v2/send): an edit member sends from their own address
// as api/mails/v2/send does, and the owner's shared folder gets a copy; read members, scheduled sends, a full
// owner mailbox, unshared and foreign folders are refused before anything is sent.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import { createTestApp } from "../../support/test-app.ts";
import { counts, folders, mailRow, privateFolder } from "../reading/support.ts";
import { mailsIn, rawOf } from "../compose/helpers.ts";
import { api, who, type World, world } from "./support.ts";

const t = await createTestApp();
const { call, share } = api(t);
let W: World;
let sent: number, drafts: number;

const send = (u: World["alice"], json: Record<string, unknown>) => call(u, "POST", "/api/share/mails/v2/send", json);

beforeAll(async () => {
  W = await world(t, "shared-send.test");
  const f = await folders(t, who(W.A, W.alice));
  sent = f.SENT;
  drafts = f.DRAFTS;
  await share(W.alice, sent, [
    { memberType: "USER", memberId: W.bob.id, permission: 2 },
    { memberType: "ORGANIZATION", memberId: W.sales, permission: 3 },
  ]);
});

describe("sending from a shared folder", () => {
  test("an edit member sends as themselves; the owner's shared Sent gets a read copy", async () => {
    const before = await counts(t, sent);
    const r = await send(W.carol, { folderId: sent, fromType: "shared", to: [W.erin.username], subject: "from the team box", content: "hello" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.mailIds).toHaveLength(1);
    expect(r.body.sharedMailIds).toHaveLength(1);
    expect(r.body.recipients).toMatchObject([{ address: W.erin.username, status: "DELIVERED" }]);

    const copy = await mailRow(t, r.body.sharedMailIds[0]);
    expect(copy).toMatchObject({ userId: W.alice.id, folderId: sent, mailType: "SENT", read: true });
    const after = await counts(t, sent);
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.newCount).toBe(before.newCount);

    // The caller's own Sent copy and the recipient's inbox: the From is the caller, never the owner.
    const mine = (await mailsIn(t, W.carol.username, "SENT"))[0];
    expect(mine.mail.id).toBe(r.body.mailIds[0]);
    expect(await rawOf(t, mine.message.blobKey)).toContain(`<${W.carol.username}>`);
    const got = (await mailsIn(t, W.erin.username, "INBOX"))[0];
    expect(got.message.subject).toBe("from the team box");
    expect(got.message.fromAddress).toBe(W.carol.username);
    // Other members of the share read the copy through the shared list.
    const list = await call(W.bob, "GET", `/api/share/mails?folderId=${sent}`);
    expect(list.body.mails.map((m: { mailId: number }) => m.mailId)).toContain(r.body.sharedMailIds[0]);
  });

  test("a private shared folder gets the copy too", async () => {
    const box = await privateFolder(t, who(W.A, W.alice), "Team box");
    await share(W.alice, box, [{ memberType: "USER", memberId: W.bob.id, permission: 3 }]);
    const r = await send(W.bob, { folderId: box, to: [W.erin.username], subject: "private box" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await mailRow(t, r.body.sharedMailIds[0])).toMatchObject({ userId: W.alice.id, folderId: box, mailType: "SENT" });
  });

  test("refused before sending: read permission 403 mail.360, scheduled 400, a full owner mailbox 507", async () => {
    const erinInbox = async () => (await mailsIn(t, W.erin.username, "INBOX")).length;
    const start = await erinInbox();
    const readOnly = await send(W.bob, { folderId: sent, to: [W.erin.username], subject: "x" });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.code).toBe("mail.360");
    const reserve = await send(W.carol, {
      folderId: sent, to: [W.erin.username], subject: "x", isReserve: true, reserveDate: t.clock.now().getTime() + 3_600_000,
    });
    expect(reserve.status).toBe(400);
    expect(reserve.body.code).toBe("mail.share_send_reserve");

    const [a] = await t.db.db.select({ totalQuota: users.totalQuota, usedSize: users.usedSize }).from(users).where(eq(users.id, W.alice.id));
    await t.db.db.update(users).set({ totalQuota: 1, usedSize: 10 }).where(eq(users.id, W.alice.id));
    try {
      const full = await send(W.carol, { folderId: sent, to: [W.erin.username], subject: "x" });
      expect(full.status).toBe(507);
      expect(full.body.code).toBe("mail.quota_exceeded");
    } finally {
      await t.db.db.update(users).set(a).where(eq(users.id, W.alice.id));
    }
    expect(await erinInbox()).toBe(start);
  });

  test("unshared, unshareable, own, foreign and missing folders answer 404 alike; bad bodies 400", async () => {
    const missing = await send(W.carol, { folderId: 999999999, to: [W.erin.username], subject: "x" });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("mail.folder_not_found");
    for (const [u, folderId] of [[W.erin, sent], [W.mallory, sent], [W.carol, drafts], [W.alice, sent]] as const) {
      const r = await send(u, { folderId, to: [W.erin.username], subject: "x" });
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    expect((await send(W.carol, { to: [W.erin.username], subject: "x" })).status).toBe(400);
    // The compose rules still apply to the caller's mail.
    expect((await send(W.carol, { folderId: sent, to: [], subject: "x" })).body.code).toBe("mail.367");
    // Plain send still refuses fromType shared: sharing goes through this path.
    const plain = await call(W.carol, "POST", "/api/mails/v2/send", { fromType: "shared", to: [W.erin.username], subject: "x" });
    expect(plain.status).toBe(403);
  });
});
