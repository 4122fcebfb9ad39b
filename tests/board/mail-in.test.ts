// Mail to a board (server/modules/board/mail): the address and filter calls (MANAGE, bad input, taken
// addresses, limits, another company), and real SMTP deliveries on loopback: a partner matching a DOMAIN filter
// becomes a post in the first manager's name with the attachment, an unmatched or forged sender makes none, a
// member's mail through the composer becomes their own post, a message to a user and the board reaches both,
// the same Message-ID twice makes one post, company B's address never reaches company A's board.
import { beforeAll, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { boardFiles, boardMailFilters } from "../../db/schema/index.ts";
import type { BoardDetail } from "../../shared/board/boards.ts";
import type { BoardMail, MailFilter } from "../../shared/board/config.ts";
import { MAIL_FILTERS_MAX } from "../../shared/board/constants.ts";
import type { Post, PostSummary } from "../../shared/board/posts.ts";
import type { Page } from "../../shared/paging.ts";
import { adminApi } from "../support/admin-api.ts";
import { createTestApp } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import { mailsIn } from "../mail/compose/helpers.ts";
import { compose, listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { deliverMailToBoards } from "../../server/modules/board/mail/service.ts";
import { parseMessage } from "../../server/modules/mail/store/parse.ts";
import { boardApi, type BoardCompany, boardCompany, makeBoard, setBoards } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
// partner.example and its sub-domain send from loopback (SPF pass); forged.example's SPF allows only 192.0.2.1.
const smtp = await listen(t.deps, localResolver({
  "partner.example": ["v=spf1 ip4:127.0.0.1 -all"],
  "mail.partner.example": ["v=spf1 ip4:127.0.0.1 -all"],
  "stranger.example": ["v=spf1 ip4:127.0.0.1 -all"],
  "forged.example": ["v=spf1 ip4:192.0.2.1 -all"],
}));
let A: BoardCompany, B: BoardCompany;
let sales: BoardDetail, privateBoard: BoardDetail, group: BoardDetail, bBoard: BoardDetail;

beforeAll(async () => {
  A = await boardCompany(t, "mailin-a.test");
  B = await boardCompany(t, "mailin-b.test");
  sales = await makeBoard(t, A.manager, { name: "영업 자료실" });
  privateBoard = await makeBoard(t, A.manager, {
    name: "영업팀 전용", visibility: "PRIVATE", members: { users: [], organs: [{ organId: A.organs.sales, includeChildren: true, privilege: "WRITE" }] },
  });
  group = await makeBoard(t, A.manager, { name: "게시판 모음", boardType: "GROUP" });
  bBoard = await makeBoard(t, B.manager, { name: "B 영업" });
});

const posts = async (who: { token: string }, boardId: number) =>
  (await api.ok<Page<PostSummary>>(200, "GET", `post/list?id=${boardId}&pageSize=50`, who)).content;
const filter = (who: { token: string }, boardId: number, body: Record<string, unknown>) =>
  api.ok<MailFilter>(201, "POST", `${boardId}/mail/filter`, who, body);

describe("the board's address and filters", () => {
  test("a manager reads and sets the address on the company's first domain; others may not", async () => {
    expect(await api.ok<BoardMail>(200, "GET", `${sales.id}/mail`, A.manager))
      .toEqual({ boardId: sales.id, address: null, localPart: null, domain: "mailin-a.test", filters: [] });
    await api.fails(403, "board.8", "GET", `${sales.id}/mail`, A.sales);
    await api.fails(403, "board.8", "PUT", `${sales.id}/mail/address`, A.sales, { localPart: "sales" });
    await api.fails(404, "board.8", "GET", `${sales.id}/mail`, B.admin);
    await api.fails(404, "board.8", "PUT", `${sales.id}/mail/address`, B.admin, { localPart: "sales" });
    await api.fails(404, "board.8", "GET", `999999/mail`, A.manager);

    const set = await api.ok<BoardMail>(200, "PUT", `${sales.id}/mail/address`, A.manager, { localPart: " Sales.Docs " });
    expect(set).toMatchObject({ address: "sales.docs@mailin-a.test", localPart: "sales.docs", domain: "mailin-a.test" });
    // The company admin manages every board.
    expect((await api.ok<BoardMail>(200, "GET", `${sales.id}/mail`, A.admin)).address).toBe("sales.docs@mailin-a.test");
    // The board's detail shows it too.
    expect((await api.ok<BoardDetail>(200, "GET", `detail/${sales.id}`, A.manager)).mailAddress).toBe("sales.docs@mailin-a.test");
  });

  test("a malformed local part answers 400 with the field; a group has no address", async () => {
    for (const localPart of ["", "has space", "한글", "-dash", "a@b", "x".repeat(64)]) {
      const r = await api.fails(400, "common.validation", "PUT", `${privateBoard.id}/mail/address`, A.manager, { localPart });
      expect(r.errors.map((e: { field: string }) => e.field)).toEqual(["localPart"]);
    }
    await api.fails(400, "common.validation", "PUT", `${privateBoard.id}/mail/address`, A.manager, {});
    await api.fails(409, "board.move_invalid", "PUT", `${group.id}/mail/address`, A.manager, { localPart: "group" });
  });

  test("an address a user, an alias, an organisation or another board holds is taken (409)", async () => {
    const { newOrg } = adminApi(t);
    await newOrg(A.admin.token, { name: "총무팀", email: "office@mailin-a.test" });
    const alias = await t.call("POST", `/api/admin/users/${A.dev.id}/aliases`, { token: A.admin.token, json: { address: "help@mailin-a.test" } });
    expect(alias.status, JSON.stringify(alias.body)).toBe(201);
    for (const localPart of ["kim", "help", "office", "sales.docs"]) {
      const r = await api.fails(409, "board.address_taken", "PUT", `${privateBoard.id}/mail/address`, A.manager, { localPart });
      expect(r.params).toEqual({ address: `${localPart}@mailin-a.test` });
    }
    expect((await api.ok<BoardMail>(200, "GET", `${privateBoard.id}/mail`, A.manager)).address).toBeNull();
    // Setting the board's own address again is no conflict; null takes it away.
    await api.ok(200, "PUT", `${sales.id}/mail/address`, A.manager, { localPart: "sales.docs" });
    await api.ok(200, "PUT", `${privateBoard.id}/mail/address`, A.manager, { localPart: "team" });
    expect(await api.ok<BoardMail>(200, "PUT", `${privateBoard.id}/mail/address`, A.manager, { localPart: null }))
      .toMatchObject({ address: null, localPart: null });
    await api.ok(200, "PUT", `${privateBoard.id}/mail/address`, A.manager, { localPart: "team" });
  });

  test("company B has its own addresses: the same local part is on B's domain, never A's", async () => {
    const b = await api.ok<BoardMail>(200, "PUT", `${bBoard.id}/mail/address`, B.manager, { localPart: "sales.docs" });
    expect(b.address).toBe("sales.docs@mailin-b.test");
    expect((await api.ok<BoardMail>(200, "GET", `${sales.id}/mail`, A.manager)).address).toBe("sales.docs@mailin-a.test");
    // A's board cannot be given an address by B, nor B's by A.
    await api.fails(404, "board.8", "PUT", `${sales.id}/mail/address`, B.manager, { localPart: "mine" });
    await api.fails(404, "board.8", "POST", `${bBoard.id}/mail/filter`, A.manager, { direction: "IN", classifier: "DOMAIN", content: "x.example" });
  });

  test("filters: bad input answers 400 with the field, a repeat 409, the limit 409, deletes 404 for missing and foreign", async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await api.fails(400, "common.validation", "POST", `${privateBoard.id}/mail/filter`, A.manager, body);
      expect(r.errors.map((e: { field: string }) => e.field)).toContain(field);
    };
    await bad({ direction: "IN", content: "partner.example" }, "classifier");
    await bad({ direction: "IN", classifier: "DOMAIN" }, "content");
    await bad({ direction: "IN", classifier: "DOMAIN", content: "   " }, "content");
    await bad({ classifier: "DOMAIN", content: "partner.example" }, "direction");
    await bad({ direction: "IN", classifier: "ADDRESS", content: "not-an-address" }, "content");
    await bad({ direction: "IN", classifier: "ADDRESS", content: "a b@partner.example" }, "content");
    await bad({ direction: "IN", classifier: "DOMAIN", content: "bad_domain" }, "content");
    await bad({ direction: "IN", classifier: "DOMAIN", content: "partner" }, "content");
    await bad({ direction: "SIDEWAYS", classifier: "DOMAIN", content: "partner.example" }, "direction");
    expect(await api.ok<BoardMail>(200, "GET", `${privateBoard.id}/mail`, A.manager)).toMatchObject({ filters: [] });
    await api.fails(403, "board.8", "POST", `${privateBoard.id}/mail/filter`, A.sales, { direction: "IN", classifier: "DOMAIN", content: "x.example" });

    const f = await filter(A.manager, privateBoard.id, { direction: "IN", classifier: "DOMAIN", content: "@Partner.Example" });
    expect(f).toMatchObject({ direction: "IN", classifier: "DOMAIN", content: "partner.example", createdBy: "김매니저" });
    expect(f.createdTimeMillis).toBe(t.clock.now().getTime());
    await api.fails(409, "board.filter_exists", "POST", `${privateBoard.id}/mail/filter`, A.manager, { direction: "IN", classifier: "DOMAIN", content: "partner.example" });
    // The same content the other way, or as an address, is another filter.
    await filter(A.manager, privateBoard.id, { direction: "OUT", classifier: "DOMAIN", content: "partner.example" });
    await filter(A.manager, privateBoard.id, { direction: "IN", classifier: "ADDRESS", content: "Boss@Partner.example" });
    const mail = await api.ok<BoardMail>(200, "GET", `${privateBoard.id}/mail`, A.manager);
    expect(mail.filters.map((x) => [x.direction, x.classifier, x.content])).toEqual([
      ["IN", "DOMAIN", "partner.example"], ["OUT", "DOMAIN", "partner.example"], ["IN", "ADDRESS", "boss@partner.example"],
    ]);

    for (let i = mail.filters.length; i < MAIL_FILTERS_MAX; i++) {
      await filter(A.manager, privateBoard.id, { direction: "IN", classifier: "DOMAIN", content: `p${i}.example` });
    }
    const over = await api.fails(409, "board.filters_max", "POST", `${privateBoard.id}/mail/filter`, A.manager, { direction: "IN", classifier: "DOMAIN", content: "one-more.example" });
    expect(over.params).toEqual({ max: MAIL_FILTERS_MAX });

    const last = (await api.ok<BoardMail>(200, "GET", `${privateBoard.id}/mail`, A.manager)).filters.at(-1)!;
    await api.fails(403, "board.8", "DELETE", `${privateBoard.id}/mail/filter/${last.id}`, A.sales);
    await api.fails(404, "board.filter_not_found", "DELETE", `${sales.id}/mail/filter/${last.id}`, A.manager); // another board's
    await api.fails(404, "board.8", "DELETE", `${privateBoard.id}/mail/filter/${last.id}`, B.admin);
    const after = await api.ok<BoardMail>(200, "DELETE", `${privateBoard.id}/mail/filter/${last.id}`, A.manager);
    expect(after.filters).toHaveLength(MAIL_FILTERS_MAX - 1);
    await api.fails(404, "board.filter_not_found", "DELETE", `${privateBoard.id}/mail/filter/${last.id}`, A.manager);
    // Back to the three filters the deliveries below use.
    for (const x of after.filters.slice(3)) await api.ok(200, "DELETE", `${privateBoard.id}/mail/filter/${x.id}`, A.manager);
    expect(await t.db.db.select().from(boardMailFilters).where(eq(boardMailFilters.boardId, privateBoard.id))).toHaveLength(3);
  });
});

describe("mail in over SMTP", () => {
  beforeAll(async () => {
    await filter(A.manager, sales.id, { direction: "IN", classifier: "DOMAIN", content: "partner.example" });
    await filter(A.manager, sales.id, { direction: "IN", classifier: "DOMAIN", content: "forged.example" });
  });

  test("a partner matching a DOMAIN filter (a sub-domain) becomes the first manager's post with its attachment", async () => {
    const pdf = Buffer.from("%PDF-1.4 견적서 바이트 ".repeat(200));
    const raw = await compose({
      from: "Partner Kim <kim@mail.partner.example>",
      to: "sales.docs@mailin-a.test",
      subject: "견적서 보내드립니다",
      html: `<p>안녕하세요, <b>견적서</b>를 보내드립니다.</p><script>alert(1)</script><p onclick="x()">확인 부탁드립니다.</p>`,
      messageId: "<quote-1@mail.partner.example>",
      attachments: [{ filename: "견적서.pdf", content: pdf, contentType: "application/pdf" }],
    });
    const r = await sendRaw(smtp.port, { from: "kim@mail.partner.example", to: ["Sales.Docs@mailin-a.test"] }, raw);
    expect(r.ok, r.response).toBe(true);
    expect(r.accepted).toEqual(["Sales.Docs@mailin-a.test"]);

    const [summary] = await posts(A.sales, sales.id);
    expect(summary).toMatchObject({ title: "견적서 보내드립니다", userId: A.manager.id, userName: "김매니저", mailFrom: "kim@mail.partner.example", fileCount: 1 });
    const post = await api.ok<Post>(200, "GET", `post/${summary.id}`, A.sales);
    expect(post.content).toBe("<p>안녕하세요, <b>견적서</b>를 보내드립니다.</p><p>확인 부탁드립니다.</p>");
    expect(post.files).toMatchObject([{ name: "견적서.pdf", size: pdf.length, contentType: "application/pdf" }]);
    const file = await t.app.request(`/api/board/file/${post.files[0].id}`, { headers: { authorization: `Bearer ${A.sales.token}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // The board file is the manager's (their storage counts it).
    const [row] = await t.db.db.select().from(boardFiles).where(eq(boardFiles.id, post.files[0].id));
    expect(row).toMatchObject({ uploaderId: A.manager.id, postId: post.id, companyId: A.co.companyId });
  });

  test("the same Message-ID delivered again makes no second post", async () => {
    const before = (await posts(A.manager, sales.id)).length;
    const raw = await compose({ from: "kim@partner.example", to: "sales.docs@mailin-a.test", subject: "두 번 온 메일", text: "한 번만", messageId: "<twice@partner.example>" });
    for (let i = 0; i < 2; i++) {
      const r = await sendRaw(smtp.port, { from: "kim@partner.example", to: ["sales.docs@mailin-a.test"] }, raw);
      expect(r.ok, r.response).toBe(true);
    }
    const list = await posts(A.manager, sales.id);
    expect(list).toHaveLength(before + 1);
    expect(list.filter((p) => p.title === "두 번 온 메일")).toHaveLength(1);
  });

  test("an unmatched sender, a forged one and a member writing from outside unverified make no post, and get 250", async () => {
    const before = (await posts(A.manager, sales.id)).length;
    const cases = [
      { from: "someone@stranger.example", subject: "모르는 사람" }, // SPF passes, but no filter matches
      { from: "ceo@forged.example", subject: "위조" }, // a DOMAIN filter matches, SPF fails
      { from: A.sales.email, subject: "밖에서 쓴 직원 메일" }, // a member's address, no SPF/DKIM for it
    ];
    for (const c of cases) {
      const raw = await compose({ from: c.from, to: "sales.docs@mailin-a.test", subject: c.subject, text: "본문" });
      const r = await sendRaw(smtp.port, { from: c.from, to: ["sales.docs@mailin-a.test"] }, raw);
      expect(r.ok, r.response).toBe(true);
      expect(r.responseCode).toBe(250);
    }
    expect(await posts(A.manager, sales.id)).toHaveLength(before);
  });

  test("a message to a user and the board at once reaches both; a text body becomes paragraphs", async () => {
    const raw = await compose({
      from: "kim@partner.example", to: ["sales.docs@mailin-a.test", A.dev.email], subject: "",
      text: "첫 줄\n둘째 줄 <b>굵게 아님</b>\n\n새 문단", messageId: "<both@partner.example>",
    });
    const r = await sendRaw(smtp.port, { from: "kim@partner.example", to: ["sales.docs@mailin-a.test", A.dev.email] }, raw);
    expect(r.ok, r.response).toBe(true);
    const [inbox] = await mailsIn(t, A.dev.email, "INBOX");
    expect(inbox.message.messageIdHeader).toBe("both@partner.example");
    const [summary] = await posts(A.manager, sales.id);
    expect(summary).toMatchObject({ title: "(제목 없음)", mailFrom: "kim@partner.example" });
    const post = await api.ok<Post>(200, "GET", `post/${summary.id}`, A.manager);
    expect(post.content).toBe("<p>첫 줄<br />둘째 줄 &lt;b&gt;굵게 아님&lt;/b&gt;</p><p>새 문단</p>");
  });

  test("a member's mail sent through the composer becomes their own post; a colleague who may not write makes none", async () => {
    // The composer's recipient check counts the board's address as one recipient (not "reaches nobody").
    const check = await t.call("GET", "/api/mails/v2/recipients/check?address=team@mailin-a.test", { token: A.salesPart.token });
    expect(check.body).toEqual({ address: "team@mailin-a.test", result: 1, group: false });
    const nobody = await t.call("GET", "/api/mails/v2/recipients/check?address=nobody@mailin-a.test", { token: A.salesPart.token });
    expect(nobody.body).toMatchObject({ result: 0 });
    const send = await t.call("POST", "/api/mails/v2/send", {
      token: A.salesPart.token,
      json: { to: ["team@mailin-a.test"], subject: "팀 주간 보고", content: "<p>이번 주 <strong>실적</strong> 보고</p>" },
    });
    expect(send.status, JSON.stringify(send.body)).toBe(200);
    expect(send.body.recipients).toMatchObject([{ address: "team@mailin-a.test", status: "DELIVERED" }]);
    await until(async () => (await posts(A.salesPart, privateBoard.id)).length === 1, "the member's post");
    const [summary] = await posts(A.salesPart, privateBoard.id);
    expect(summary).toMatchObject({ title: "팀 주간 보고", userId: A.salesPart.id, userName: "박파트", mailFrom: A.salesPart.email });
    expect((await api.ok<Post>(200, "GET", `post/${summary.id}`, A.salesPart)).content).toBe("<p>이번 주 <strong>실적</strong> 보고</p>");

    // 최개발 is neither a member of the private board nor matched by an IN filter: no post (the decision the
    // composer's delivery runs after the send, awaited here).
    const raw = await compose({ from: A.dev.email, to: "team@mailin-a.test", subject: "개발팀에서", text: "안녕하세요", messageId: "<dev@mailin-a.test>" });
    await deliverMailToBoards(t.deps, {
      boards: [{ companyId: A.co.companyId, boardId: privateBoard.id }],
      raw: new Uint8Array(raw),
      parsed: await parseMessage(new Uint8Array(raw)),
      envelopeFrom: A.dev.email,
      local: { companyId: A.co.companyId, userId: A.dev.id },
    });
    expect((await posts(A.manager, privateBoard.id)).map((p) => p.title)).toEqual(["팀 주간 보고"]);
  });

  test("company B's board address takes B's mail only; A's board is never reached through B", async () => {
    await filter(B.manager, bBoard.id, { direction: "IN", classifier: "DOMAIN", content: "partner.example" });
    const beforeA = (await posts(A.manager, sales.id)).length;
    const raw = await compose({ from: "kim@partner.example", to: "sales.docs@mailin-b.test", subject: "B 회사 앞", text: "B에게", messageId: "<to-b@partner.example>" });
    const r = await sendRaw(smtp.port, { from: "kim@partner.example", to: ["sales.docs@mailin-b.test"] }, raw);
    expect(r.ok, r.response).toBe(true);
    const [bPost] = await posts(B.manager, bBoard.id);
    expect(bPost).toMatchObject({ title: "B 회사 앞", userId: B.manager.id });
    expect(await posts(A.manager, sales.id)).toHaveLength(beforeA);
    // With boards switched off, A's board address is no address (refused like an unknown user) until back on.
    await setBoards(t, A.admin, false);
    const off = await sendRaw(smtp.port, { from: "kim@partner.example", to: ["sales.docs@mailin-a.test"] }, raw);
    expect(off.ok).toBe(false);
    expect(off.rejectedResponses[0] ?? off.response).toMatch(/^550 5\.1\.1/);
    await setBoards(t, A.admin, true);
    // An address on A's domain that is no board, user or group is refused as before.
    const unknown = await sendRaw(smtp.port, { from: "kim@partner.example", to: ["nobody@mailin-a.test"] }, raw);
    expect(unknown.ok).toBe(false);
    expect(unknown.rejectedResponses[0] ?? unknown.response).toMatch(/^550 5\.1\.1/);
  });
});
