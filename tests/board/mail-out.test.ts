// The boards' OUT filters (server/modules/board/mail/archive.ts): a member's mail sent through the web
// composer to a partner matching an OUT filter (a sub-domain of a DOMAIN filter, an ADDRESS filter on a Cc)
// becomes the sender's post in each such board with the attachment, once per board per message; a board the
// sender may only read, another company's board, and recipients matching no filter get nothing; the send
// itself answers as before.
import { beforeAll, expect, test } from "vitest";
import type { BoardDetail } from "../../shared/board/boards.ts";
import type { Post, PostSummary } from "../../shared/board/posts.ts";
import type { Page } from "../../shared/paging.ts";
import { archiveSent } from "../../server/modules/board/mail/archive.ts";
import { buildMime } from "../../server/modules/mail/compose/mime.ts";
import { createTestApp } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import { mailsIn, upload } from "../mail/compose/helpers.ts";
import { boardApi, type BoardCompany, boardCompany, makeBoard } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
let A: BoardCompany, B: BoardCompany;
let partners: BoardDetail, bossBoard: BoardDetail, readOnly: BoardDetail, bBoard: BoardDetail;

const filter = (who: { token: string }, boardId: number, classifier: string, content: string) =>
  api.ok(201, "POST", `${boardId}/mail/filter`, who, { direction: "OUT", classifier, content });
const posts = async (who: { token: string }, boardId: number) =>
  (await api.ok<Page<PostSummary>>(200, "GET", `post/list?id=${boardId}&pageSize=50`, who)).content;

beforeAll(async () => {
  A = await boardCompany(t, "mailout-a.test");
  B = await boardCompany(t, "mailout-b.test");
  partners = await makeBoard(t, A.manager, { name: "거래처 메일" });
  bossBoard = await makeBoard(t, A.manager, {
    name: "대표 서신", visibility: "PRIVATE", members: { users: [], organs: [{ organId: A.organs.sales, includeChildren: true, privilege: "WRITE" }] },
  });
  readOnly = await makeBoard(t, A.manager, { name: "읽기 전용 보관함", publicPrivilege: "READ" });
  bBoard = await makeBoard(t, B.manager, { name: "B 거래처" });
  await filter(A.manager, partners.id, "DOMAIN", "partner.example");
  await filter(A.manager, partners.id, "ADDRESS", "boss@partner.example"); // two filters, one post
  await filter(A.manager, bossBoard.id, "ADDRESS", "boss@partner.example");
  await filter(A.manager, readOnly.id, "DOMAIN", "partner.example");
  await filter(B.manager, bBoard.id, "DOMAIN", "partner.example");
});

test("a member's mail to a partner becomes their post in each board whose OUT filter matches, with the attachment", async () => {
  const bytes = new TextEncoder().encode("단가표: 1,000원");
  const up = await upload(t, A.sales.token, "단가표.txt", bytes);
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const send = await t.call("POST", "/api/mails/v2/send", {
    token: A.sales.token,
    json: {
      to: ["kim@mail.partner.example"], cc: ["boss@partner.example"], subject: "견적 요청",
      content: "<p>견적 요청드립니다.</p><script>x()</script>", attachments: [up.body.id],
    },
  });
  expect(send.status, JSON.stringify(send.body)).toBe(200);
  expect(send.body.recipients.map((r: { status: string }) => r.status)).toEqual(["QUEUED", "QUEUED"]);

  await until(async () => (await posts(A.sales, partners.id)).length === 1 && (await posts(A.sales, bossBoard.id)).length === 1, "the archived posts");
  const [sent] = await mailsIn(t, A.sales.email, "SENT");
  for (const boardId of [partners.id, bossBoard.id]) {
    const [summary] = await posts(A.sales, boardId);
    expect(summary).toMatchObject({ title: "견적 요청", userId: A.sales.id, userName: "이영업", mailFrom: A.sales.email, fileCount: 1 });
    const post = await api.ok<Post>(200, "GET", `post/${summary.id}`, A.sales);
    expect(post.content).toContain("<p>견적 요청드립니다.</p>");
    expect(post.content).not.toContain("script");
    expect(post.files).toMatchObject([{ name: "단가표.txt", size: bytes.length }]);
    const [row] = await t.db.sql<{ mail_message_id: string }[]>`select mail_message_id from board_posts where id = ${summary.id}`;
    expect(row.mail_message_id).toBe(sent.message.messageIdHeader);
  }
  // Company B's board with the same filter never sees A's correspondence.
  expect(await posts(B.manager, bBoard.id)).toEqual([]);
});

/** The raw message of a mail `from` sends (as the composer builds it). */
async function rawMail(from: { name: string; email: string }, to: string[], subject: string, bcc: string[] = []) {
  return await buildMime(t.deps, {
    from: { name: from.name, address: from.email },
    to: to.map((address) => ({ name: "", address })),
    cc: [],
    bcc: bcc.map((address) => ({ name: "", address })),
    subject,
    html: `<p>${subject}</p>`,
    priority: 3,
    attachments: [],
    date: t.clock.now(),
  });
}

test("a Bcc recipient matches; the same message twice makes one post per board", async () => {
  const raw = await rawMail(A.salesPart, ["someone@elsewhere.example"], "숨은 참조 보고", ["boss@partner.example"]);
  const sent = { companyId: A.co.companyId, senderUserId: A.salesPart.id, senderAddress: A.salesPart.email, raw };
  const first = await archiveSent(t.deps, { ...sent, recipients: ["someone@elsewhere.example", "boss@partner.example"] });
  expect(first).toHaveLength(2); // 거래처 메일 and 대표 서신; the READ-only board is not the sender's to write in
  expect(await archiveSent(t.deps, { ...sent, recipients: ["boss@partner.example"] })).toEqual([]);
  expect((await posts(A.salesPart, partners.id)).filter((p) => p.title === "숨은 참조 보고")).toHaveLength(1);
  expect((await posts(A.salesPart, bossBoard.id)).filter((p) => p.title === "숨은 참조 보고")).toHaveLength(1);
  expect((await posts(A.salesPart, readOnly.id)).filter((p) => p.title === "숨은 참조 보고")).toEqual([]);
});

test("no filter matches: nothing is posted; a sender without WRITE posts nowhere", async () => {
  const other = await rawMail(A.sales, ["kim@partner.example.org", "lee@notpartner.example", "partner.example@x.example"], "다른 곳");
  expect(await archiveSent(t.deps, {
    companyId: A.co.companyId, senderUserId: A.sales.id, senderAddress: A.sales.email, raw: other,
    recipients: ["kim@partner.example.org", "lee@notpartner.example", "partner.example@x.example"],
  })).toEqual([]);
  // 최개발 is not in 영업팀 (대표 서신) and may only read 읽기 전용 보관함: only 거래처 메일 takes his mail.
  const dev = await rawMail(A.dev, ["boss@partner.example"], "개발팀 메일");
  const posted = await archiveSent(t.deps, {
    companyId: A.co.companyId, senderUserId: A.dev.id, senderAddress: A.dev.email, raw: dev, recipients: ["boss@partner.example"],
  });
  expect(posted).toHaveLength(1);
  const [summary] = (await posts(A.manager, partners.id)).filter((p) => p.title === "개발팀 메일");
  expect(summary).toMatchObject({ id: posted[0], userId: A.dev.id });
  expect((await posts(A.manager, bossBoard.id)).filter((p) => p.title === "개발팀 메일")).toEqual([]);
  expect((await posts(A.manager, readOnly.id)).filter((p) => p.title === "개발팀 메일")).toEqual([]);
});
