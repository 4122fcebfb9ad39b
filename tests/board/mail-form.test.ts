// GET /api/mails/share/board/form/{mailId} (server/modules/board/mail/service.ts mailPostForm): a mail of the
// caller's mailbox as a post draft: the subject, a quoted header (sender, date) above the sanitised body (or the
// text as paragraphs), and with includeAttach its attachments as the caller's unclaimed uploads (the first
// FILES_PER_POST; the rest named), which a post then attaches. Another's or no mail: 404 board.mail_not_found;
// boards switched off: 403 board.disabled. The mail module's own /api/mails/... routes leave the path alone.
import { beforeAll, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { boardFiles } from "../../db/schema/index.ts";
import type { MailPostForm } from "../../shared/board/config.ts";
import { FILES_PER_POST } from "../../shared/board/constants.ts";
import type { Post } from "../../shared/board/posts.ts";
import { createTestApp } from "../support/test-app.ts";
import { mailsIn } from "../mail/compose/helpers.ts";
import { compose, listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { apiCaller } from "../support/api-caller.ts";
import { type BoardCompany, boardCompany, makeBoard, makePost, setBoards } from "./support.ts";

const t = await createTestApp();
const form = apiCaller(t, "/api/mails/share/board/form");
const smtp = await listen(t.deps, localResolver({}));
let A: BoardCompany, B: BoardCompany;
let richId: number, textId: number, devMailId: number;
const parts = Array.from({ length: FILES_PER_POST + 1 }, (_, i) => ({
  filename: `첨부-${String(i + 1).padStart(2, "0")}.txt`,
  content: Buffer.from(`파일 ${i + 1} 내용 `.repeat(i + 1)),
  contentType: "text/plain",
}));

async function deliver(to: string, mail: Parameters<typeof compose>[0]): Promise<number> {
  const r = await sendRaw(smtp.port, { from: "kim@partner.example", to: [to] }, await compose({ from: "김파트너 <kim@partner.example>", to, ...mail }));
  expect(r.ok, r.response).toBe(true);
  const [latest] = await mailsIn(t, to, "INBOX");
  return latest.mail.id;
}

beforeAll(async () => {
  A = await boardCompany(t, "mailform-a.test");
  B = await boardCompany(t, "mailform-b.test");
  richId = await deliver(A.sales.email, {
    subject: "계약서 검토 요청",
    date: new Date("2026-03-02T01:30:00Z"),
    html: `<div style="color:red"><p>계약서 <b>초안</b>입니다.</p><img src="https://tracker.example/p.gif"><script>alert(1)</script></div>`,
    attachments: parts,
  });
  textId = await deliver(A.sales.email, { subject: "", text: "첫 줄\n둘째 줄\n\n<다음> 문단" });
  devMailId = await deliver(A.dev.email, { subject: "개발팀 메일", text: "남의 메일" });
});

test("a mail becomes a draft: the subject, a quoted header and the sanitised body, no files unless asked", async () => {
  const draft = await form.ok<MailPostForm>(200, "GET", `${richId}`, A.sales);
  expect(draft).toEqual({
    title: "계약서 검토 요청",
    content: "<blockquote><p><strong>보낸 사람:</strong> 김파트너 &lt;kim@partner.example&gt;<br /><strong>보낸 날짜:</strong> 2026-03-02 01:30 UTC</p></blockquote>" +
      "<p>계약서 <b>초안</b>입니다.</p>",
    files: [],
    skippedFiles: [],
  });
  expect(await form.ok<MailPostForm>(200, "GET", `${richId}?includeAttach=false`, A.sales)).toEqual(draft);
  expect(await t.db.db.select().from(boardFiles).where(eq(boardFiles.uploaderId, A.sales.id))).toEqual([]);

  const text = await form.ok<MailPostForm>(200, "GET", `${textId}`, A.sales);
  expect(text.title).toBe("(제목 없음)");
  expect(text.content).toMatch(/<\/blockquote><p>첫 줄<br \/>둘째 줄<\/p><p>&lt;다음&gt; 문단<\/p>$/);
});

test("includeAttach copies the first FILES_PER_POST attachments as the caller's uploads, names the rest, and a post attaches them", async () => {
  const draft = await form.ok<MailPostForm>(200, "GET", `${richId}?includeAttach=true`, A.sales);
  expect(draft.files.map((f) => f.name)).toEqual(parts.slice(0, FILES_PER_POST).map((p) => p.filename));
  expect(draft.files.map((f) => f.size)).toEqual(parts.slice(0, FILES_PER_POST).map((p) => p.content.length));
  expect(draft.skippedFiles).toEqual([parts[FILES_PER_POST].filename]);
  const rows = await t.db.db.select().from(boardFiles).where(eq(boardFiles.uploaderId, A.sales.id));
  expect(rows).toHaveLength(FILES_PER_POST);
  expect(rows.every((r) => r.postId === null && r.replyId === null && r.companyId === A.co.companyId && !r.inline)).toBe(true);
  expect(Buffer.from(await t.deps.blobs.get(rows.find((r) => r.id === draft.files[2].id)!.blobKey)).equals(parts[2].content)).toBe(true);

  const board = await makeBoard(t, A.manager, { name: "계약 게시판" });
  const post = await makePost(t, A.sales, { boardId: board.id, title: draft.title, content: draft.content, fileIds: draft.files.map((f) => f.id) });
  expect(post.files.map((f) => f.name)).toEqual(draft.files.map((f) => f.name));
  const read = await t.call<Post>("GET", `/api/board/post/${post.id}`, { token: A.dev.token });
  expect(read.body.content).toContain("<p>계약서 <b>초안</b>입니다.</p>");
  // Another person cannot claim the caller's copies.
  const again = await form.ok<MailPostForm>(200, "GET", `${richId}?includeAttach=true`, A.sales);
  const r = await t.call("POST", "/api/board/post", { token: A.dev.token, json: { boardId: board.id, title: "x", content: "<p>x</p>", fileIds: [again.files[0].id] } });
  expect(r.status).toBe(400);
});

test("another's, another company's or no mail answers 404 board.mail_not_found; boards off 403; no sign-in 401", async () => {
  await form.fails(404, "board.mail_not_found", "GET", `${devMailId}`, A.sales);
  await form.fails(404, "board.mail_not_found", "GET", `${richId}`, B.admin);
  await form.fails(404, "board.mail_not_found", "GET", "999999999", A.sales);
  await form.fails(404, "board.mail_not_found", "GET", "abc", A.sales);
  await form.fails(400, "common.validation", "GET", `${richId}?includeAttach=yes`, A.sales);
  expect((await t.call("GET", `/api/mails/share/board/form/${richId}`)).status).toBe(401);
  await setBoards(t, A.admin, false);
  await form.fails(403, "board.disabled", "GET", `${richId}`, A.sales);
  await setBoards(t, A.admin, true);
  expect((await form.ok<MailPostForm>(200, "GET", `${devMailId}`, A.dev)).title).toBe("개발팀 메일");
});
