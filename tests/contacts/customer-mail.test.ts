// Mails kept in a customer group's history (001 §7 api/customer/history: POST /mail, GET /mail/{id},
// GET /byMailId, GET /mail/attach/{historyId}/{position}, DELETE /mail/{id}): a mail that came in over SMTP
// with an attachment is kept by a member who may write the group; every reader of the group opens it and its
// attachment, also after the keeper's mailbox copy and its stored message are gone and the blob collector ran;
// READ members and other companies cannot keep or open it.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailMessages, mails } from "../../db/schema/mail.ts";
import { collectBlobs } from "../../server/jobs/blob-collector.ts";
import { mailsIn } from "../mail/compose/helpers.ts";
import { compose, listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { company, type Co, contactsApi, type Member, person } from "./helpers.ts";

let t: TestApp;
let A: Co;
let B: Co;
let api: ReturnType<typeof contactsApi>;
let writer: Member;
let reader: Member;
let outsider: Member;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  A = await company(t, "keep-a.test");
  B = await company(t, "keep-b.test");
  api = contactsApi(t);
  writer = await A.user("writer");
  reader = await A.user("reader");
  outsider = await A.user("outsider");
  port = (await listen(t.deps, localResolver({}))).port;
});

async function bytesOf(who: Member, path: string) {
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), headers: res.headers };
}

describe("mail kept in history", () => {
  it("keeps a received mail with its attachment, opens it for readers, and keeps it after the mailbox copy is gone", async () => {
    const raw = await compose({
      from: "Buyer <buyer@outside.example>", to: writer.username, subject: "견적 요청 드립니다",
      text: "첨부한 목록의 견적을 부탁드립니다.", html: "<p>첨부한 목록의 <b>견적</b>을 부탁드립니다.</p>",
      attachments: [{ filename: "목록.txt", content: "widget x 100" }],
    });
    expect((await sendRaw(port, { from: "buyer@outside.example", to: [writer.username] }, raw)).ok).toBe(true);
    const [inbox] = await mailsIn(t, writer.username, "INBOX");
    const mailId = inbox.mail.id;

    const g = (await api.ok<{ id: number }>(201, "POST", "/api/customer/group", writer, {
      groupName: "Buyer", isPublic: false, members: [{ userId: reader.id, privilege: "READ" }],
    })).id;
    const card = await api.ok<{ id: number }>(201, "POST", "/api/customer/card", writer, { groupId: g, cardData: person("Buyer", "buyer@outside.example") });
    const item = await api.ok<{ id: number; historyType: string; mailId: number; cardId: number; content: string }>(
      201, "POST", "/api/customer/history/mail", writer, { groupId: g, cardId: card.id, mailId },
    );
    expect(item).toMatchObject({ historyType: "MAIL", mailId, cardId: card.id, content: "견적 요청 드립니다" });
    const again = await api.raw("POST", "/api/customer/history/mail", writer, { groupId: g, mailId });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("customer.mail_already_kept");

    const opened = await api.ok<{ subject: string; fromAddress: string; html: string; attachments: { position: number; name: string }[] }>(
      200, "GET", `/api/customer/history/mail/${item.id}`, reader,
    );
    expect(opened).toMatchObject({ subject: "견적 요청 드립니다", fromAddress: "buyer@outside.example", attachments: [{ position: 0, name: "목록.txt" }] });
    expect(opened.html).toContain("<b>견적</b>");
    const att = await bytesOf(reader, `/api/customer/history/mail/attach/${item.id}/0`);
    expect(att.status).toBe(200);
    expect(new TextDecoder().decode(att.bytes)).toBe("widget x 100");
    expect(att.headers.get("content-disposition")).toContain(encodeURIComponent("목록.txt"));
    expect((await bytesOf(reader, `/api/customer/history/mail/attach/${item.id}/3`)).status).toBe(404);
    expect((await bytesOf(reader, `/api/customer/history/mail/attach/${item.id}/x`)).status).toBe(404);

    const where = await api.ok<{ id: number }[]>(200, "GET", `/api/customer/history/byMailId?mailId=${mailId}`, writer);
    expect(where.map((w) => w.id)).toEqual([item.id]);
    const listed = await api.ok<{ content: { id: number; historyType: string }[] }>(200, "GET", `/api/customer/history?groupId=${g}&historyType=MAIL`, reader);
    expect(listed.content.map((h) => h.id)).toEqual([item.id]);

    // Nobody outside the group, nor another company, sees it; a READ member cannot keep or remove mail.
    for (const who of [outsider, B.admin]) {
      expect((await api.raw("GET", `/api/customer/history/mail/${item.id}`, who)).status).toBe(404);
      expect((await bytesOf(who, `/api/customer/history/mail/attach/${item.id}/0`)).status).toBe(404);
      expect(await api.ok(200, "GET", `/api/customer/history/byMailId?mailId=${mailId}`, who)).toEqual([]);
    }
    expect((await api.raw("POST", "/api/customer/history/mail", reader, { groupId: g, mailId })).status).toBe(403);
    expect((await api.raw("DELETE", `/api/customer/history/mail/${item.id}`, reader)).status).toBe(403);
    // Someone else's mail cannot be kept, even by an administrator.
    expect((await api.raw("POST", "/api/customer/history/mail", A.admin, { groupId: g, mailId })).status).toBe(404);
    // A memo call cannot change a kept mail.
    expect((await api.raw("PATCH", "/api/customer/history", writer, { id: item.id, content: "x" })).status).toBe(403);

    // The keeper's mailbox copy and the stored message go, the collector runs: the kept copy still opens.
    const messageId = inbox.mail.messageId;
    await t.db.db.delete(mails).where(eq(mails.id, mailId));
    await t.db.db.delete(mailMessages).where(eq(mailMessages.id, messageId));
    await collectBlobs(t.deps, 0);
    expect((await api.ok<{ subject: string }>(200, "GET", `/api/customer/history/mail/${item.id}`, reader)).subject).toBe("견적 요청 드립니다");
    expect(new TextDecoder().decode((await bytesOf(reader, `/api/customer/history/mail/attach/${item.id}/0`)).bytes)).toBe("widget x 100");

    await api.ok(200, "DELETE", `/api/customer/history/mail/${item.id}`, writer);
    expect((await api.raw("GET", `/api/customer/history/mail/${item.id}`, writer)).status).toBe(404);
    const log = await api.ok<{ content: { action: string; content: string }[] }>(200, "GET", `/api/customer/history?groupId=${g}&pageSize=1`, writer);
    expect(log.content[0]).toMatchObject({ action: "DELETE", content: "mail: 견적 요청 드립니다" });
  });

  it("refuses a missing mail, a foreign group and bad input", async () => {
    const g = (await api.ok<{ id: number }>(201, "POST", "/api/customer/group", writer, { groupName: "Refusals" })).id;
    expect((await api.raw("POST", "/api/customer/history/mail", writer, { groupId: g, mailId: 999999 })).status).toBe(404);
    expect((await api.raw("POST", "/api/customer/history/mail", writer, { groupId: g, mailId: "abc" })).status).toBe(400);
    expect((await api.raw("POST", "/api/customer/history/mail", writer, { groupId: g })).status).toBe(400);
    const foreign = (await api.ok<{ id: number }>(201, "POST", "/api/customer/group", B.admin, { groupName: "Theirs" })).id;
    expect((await api.raw("POST", "/api/customer/history/mail", writer, { groupId: foreign, mailId: 1 })).status).toBe(404);
    expect((await api.raw("GET", "/api/customer/history/byMailId", writer)).status).toBe(400);
  });
});
