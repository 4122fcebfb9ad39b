// Mail search in every field (two-syllable Korean words, the adjacency recheck, From/To/Cc told apart),
// Latin words matched at a word's start and Korean anywhere, time range, tags, folders, paging, saved-search
// folders, and the search history.
import { beforeAll, describe, expect, test } from "vitest";
import { mailFolders } from "../../../db/schema/index.ts";
import { fileMessage } from "../../../server/modules/mail/store/deliver.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { build, file, folders, member, type Who } from "./support.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let u: Who;
const m: Record<string, number> = {};

const search = (params: Record<string, string>, who: Who = u) =>
  t.call("GET", `/api/mails/search?${new URLSearchParams(params)}`, { token: who.token });
const found = async (params: Record<string, string>, who: Who = u) => {
  const r = await search(params, who);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.mails as { mailId: number }[]).map((x) => x.mailId).sort((a, b) => a - b);
};
const ids = (...names: string[]) => names.map((n) => m[n]).sort((a, b) => a - b);

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  u = await member(t, A, "searcher");
  // Tags are made before mails carry them (as the tag calls do), so their tag folders exist.
  for (const tag of ["중요", "work"]) expect((await t.call("POST", `/api/tag/${encodeURIComponent(tag)}`, { token: u.token })).status).toBe(201);
  m.minutes = await file(t, u, build({
    subject: "주간 회의록 공유", text: "이번 주 회의록을 첨부합니다.", from: "김철수 <chulsoo@partner.example>",
    attachments: [{ filename: "회의록.txt", content: "내용" }],
  }), { tags: ["중요", "work"] });
  m.apart = await file(t, u, build({ subject: "회의 일정 안내", text: "지난번 의록 정리는 끝났습니다", from: "lee@partner.example" }), { tags: ["work"] });
  m.report = await file(t, u, build({
    subject: "Quarterly report", text: "Please see the budget.", from: "Alice Park <alice@vendor.example>",
    to: "Bob <bob@alpha.test>", cc: "Carol <carol@alpha.test>", attachments: [{ filename: "budget-2026.xlsx", content: "x" }],
  }));
  m.toAlice = await file(t, u, build({ subject: "Re: numbers", text: "fine", from: "carol@alpha.test", to: "alice@vendor.example" }), { folder: "SENT", mailType: "SENT", read: true });
  m.trashed = await file(t, u, build({ subject: "회의록 초안", text: "draft" }), { folder: "DELETED" });
  const other = await member(t, A, "neighbour");
  await file(t, other, build({ subject: "회의록 다른 사람", text: "회의록" }));
});

describe("GET /api/mails/search", () => {
  test("a two-syllable Korean word, and a three-syllable one only where its syllables are adjacent", async () => {
    expect(await found({ query: "회의" })).toEqual(ids("minutes", "apart"));
    expect(await found({ query: "회의록" })).toEqual(ids("minutes"));
    expect(await found({ query: "의록" })).toEqual(ids("minutes", "apart"));
    expect(await found({ query: "회의록을" })).toEqual(ids("minutes"));
  });

  test("each field on its own", async () => {
    expect(await found({ querySubject: "회의록" })).toEqual(ids("minutes"));
    expect(await found({ querySubject: "첨부" })).toEqual([]);
    expect(await found({ queryContent: "첨부" })).toEqual(ids("minutes"));
    expect(await found({ queryAttach: "회의록" })).toEqual(ids("minutes"));
    expect(await found({ queryAttach: "budget" })).toEqual(ids("report"));
    expect(await found({ querySubjectContent: "budget" })).toEqual(ids("report"));
    expect(await found({ querySubjectContent: "2026" })).toEqual([]);
    expect(await found({ querySubjectContentAttach: "2026" })).toEqual(ids("report"));
    expect(await found({ queryFrom: "철수" })).toEqual(ids("minutes"));
    expect(await found({ queryFrom: "chulsoo@partner" })).toEqual(ids("minutes"));
  });

  test("From, To and Cc are told apart although they share one index weight", async () => {
    expect(await found({ queryFrom: "alice" })).toEqual(ids("report"));
    expect(await found({ queryTo: "alice" })).toEqual(ids("toAlice"));
    expect(await found({ queryCc: "alice" })).toEqual([]);
    expect(await found({ queryCc: "carol" })).toEqual(ids("report"));
    expect(await found({ queryFrom: "carol" })).toEqual(ids("toAlice"));
    expect(await found({ queryToCc: "carol" })).toEqual(ids("report"));
    expect(await found({ queryToCc: "alice" })).toEqual(ids("toAlice"));
    expect(await found({ queryTo: "bob" })).toEqual(ids("report"));
  });

  test("Latin words match at a word's start (port: Port and portal, not report); Korean words anywhere", async () => {
    const w = await member(t, A, "wordstart");
    const mine: Record<string, number> = {};
    mine.report = await file(t, w, build({ subject: "Monthly report", text: "See the attached report." }));
    mine.portal = await file(t, w, build({ subject: "New portal access", text: "Sign in at the portal." }));
    mine.port = await file(t, w, build({ subject: "Port of Busan", text: "Shipment arrives Friday." }));
    mine.korean = await file(t, w, build({ subject: "제출 안내", text: "월간보고서를 금요일까지 제출해 주세요." }));
    const of = (...names: string[]) => names.map((n) => mine[n]).sort((a, b) => a - b);
    expect(await found({ query: "port" }, w)).toEqual(of("portal", "port"));
    expect(await found({ query: "PORT" }, w)).toEqual(of("portal", "port"));
    expect(await found({ querySubject: "port" }, w)).toEqual(of("portal", "port"));
    expect(await found({ queryContent: "port" }, w)).toEqual(of("portal"));
    expect(await found({ query: "report" }, w)).toEqual(of("report"));
    expect(await found({ query: "eport" }, w)).toEqual([]);
    // Two syllables inside a Korean word (월간보고서를): found where they stand, at its start or not.
    expect(await found({ query: "보고" }, w)).toEqual(of("korean"));
    expect(await found({ query: "고서" }, w)).toEqual(of("korean"));
    expect(await found({ query: "간보고" }, w)).toEqual(of("korean"));
    expect(await found({ query: "보서" }, w)).toEqual([]);
  });

  test("words at a word's start, several words, the type of the plain query", async () => {
    expect(await found({ query: "repo" })).toEqual(ids("report"));
    expect(await found({ query: "QUARTERLY" })).toEqual(ids("report"));
    expect(await found({ query: "quarterly budget" })).toEqual(ids("report"));
    expect(await found({ query: "quarterly 회의" })).toEqual([]);
    expect(await found({ query: "report", type: "subject" })).toEqual(ids("report"));
    expect(await found({ query: "report", type: "from" })).toEqual([]);
    expect(await found({ query: "alice", type: "to" })).toEqual(ids("toAlice"));
    expect(await found({ query: "100%" })).toEqual([]);
  });

  test("folder, time range, tags and paging", async () => {
    const f = await folders(t, u);
    expect(await found({ query: "회의록", folderId: String(f.DELETED) })).toEqual(ids("trashed"));
    expect(await found({ query: "회의", folderId: String(f.INBOX) })).toEqual(ids("minutes", "apart"));
    expect(await found({ query: "alice", folderId: String(f.SENT) })).toEqual(ids("toAlice"));
    expect(await found({ query: "회의", folderId: "t_중요" })).toEqual(ids("minutes"));
    expect(await found({ query: "회의", tags: "work" })).toEqual(ids("minutes", "apart"));
    expect(await found({ query: "회의", "tags[]": "중요" })).toEqual(ids("minutes"));
    const r = await t.call("GET", `/api/mails/search?query=${encodeURIComponent("회의")}&tags[]=work&tags[]=${encodeURIComponent("중요")}`, { token: u.token });
    expect(r.body.mails.map((x: { mailId: number }) => x.mailId)).toEqual([m.minutes]);
    const minutesAt = (await search({ query: "회의록" })).body.mails[0].receivedTimeMillis as number;
    expect(await found({ query: "회의", timeRange: `${minutesAt},${minutesAt}` })).toEqual(ids("minutes"));
    expect(await found({ query: "회의", timeRange: `${minutesAt + 1},` })).toEqual(ids("apart"));
    expect(await found({ query: "회의", timeRange: "1y" })).toHaveLength(t.clock.now().getTime() - minutesAt < 360 * 86_400_000 ? 2 : 0);
    const page = await search({ query: "회의", pageSize: "1", page: "1" });
    expect(page.body).toMatchObject({ totalElements: 2, totalPages: 2, page: 1, pageSize: 1 });
    expect(page.body.mails.map((x: { mailId: number }) => x.mailId)).toEqual([m.minutes]);
    expect((await search({ query: "회의", pageSize: "1", page: "5" })).body).toMatchObject({ totalElements: 2, mails: [] });
    expect(page.body.mails[0]).toMatchObject({ subject: "주간 회의록 공유", fromName: "김철수", hasAttach: true, tags: ["중요", "work"] });
  });

  test("a frequent word is counted up to the cap; deeper pages still work and count exactly", async () => {
    const c = await member(t, A, "capped");
    const first = await file(t, c, build({ subject: "capword notice" }));
    // 1,000 more copies of the filed row (same message and vector), one second apart.
    await t.db.sql`insert into mails (company_id, user_id, folder_id, message_id, mail_type, read, received_at, size,
        has_attachments, thread_key, search_vector)
      select company_id, user_id, folder_id, message_id, mail_type, read, received_at + g * interval '1 second', size,
        has_attachments, thread_key, search_vector
      from mails, generate_series(1, 1000) g where id = ${first}`;
    const r = await search({ query: "capword" }, c);
    expect(r.body).toMatchObject({ totalElements: 1000, totalPages: 50, totalCapped: true });
    expect(r.body.mails).toHaveLength(20);
    const deep = await search({ query: "capword", page: "50" }, c);
    expect(deep.body).toMatchObject({ totalElements: 1001, totalPages: 51, totalCapped: false });
    expect(deep.body.mails.map((x: { mailId: number }) => x.mailId)).toEqual([first]);
    expect((await search({ query: "회의" })).body.totalCapped).toBe(false);
  });

  test("a search word is required; bad options are refused", async () => {
    for (const params of [{}, { query: "   " }, { query: "!!!" }, { tags: "work" }] as Record<string, string>[]) {
      const r = await search(params);
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.code).toBe("mail.search_word_required");
    }
    expect((await search({ query: "회의", timeRange: "yesterday" })).body.code).toBe("mail.search_time_range_invalid");
    expect((await search({ query: "회의", timeRange: "5,1" })).body.code).toBe("mail.search_time_range_invalid");
    expect((await search({ query: "회의", folderId: "999999" })).status).toBe(404);
    expect((await t.call("GET", "/api/mails/search?query=x")).status).toBe(401);
  });

  test("a Bcc address is never found by the recipients, although it is in the shared index", async () => {
    const v = await member(t, A, "bccreader");
    const raw = await build({ subject: "Offsite plan", from: "searcher@alpha.test", to: "bccreader@alpha.test" });
    const filed = await fileMessage(t.deps, {
      companyId: u.companyId, raw, receivedAt: t.clock.now(),
      targets: [{ userId: u.userId, folder: "SENT", mailType: "SENT", read: true }, { userId: v.userId, folder: "INBOX" }],
      bcc: [{ name: "Secret Person", address: "secret@hidden.example" }],
    });
    expect(await found({ query: "offsite" }, v)).toEqual([filed.mails[1].mailId]);
    const bccSearches: Record<string, string>[] = [
      { query: "secret" }, { query: "hidden.example" }, { queryToCc: "secret" }, { query: "secret", type: "to" },
    ];
    for (const params of bccSearches) {
      expect(await found(params, v), JSON.stringify(params)).toEqual([]);
    }
  });

  test("a saved-search folder lists what its options find (the folders API's option shape)", async () => {
    const f = await folders(t, u);
    const [folder] = await t.db.db.insert(mailFolders).values({
      companyId: u.companyId, userId: u.userId, parentId: f.SEARCH_ROOT, folderType: "SEARCH", name: "Minutes",
      options: { type: "SUBJECT", query: "회의", folderId: f.INBOX, timeRange: { startTimeMillis: 0 }, tags: ["work"] },
    }).returning({ id: mailFolders.id });
    const r = await t.call("GET", `/api/mails?folderId=${folder.id}`, { token: u.token });
    expect(r.body.mails.map((x: { mailId: number }) => x.mailId).sort()).toEqual(ids("minutes", "apart"));
  });
});

describe("search history", () => {
  test("every search is kept once, newest first, at most 20; repeating moves it to the top", async () => {
    await t.call("DELETE", "/api/mail/history", { token: u.token, form: { isAll: "true" } });
    await search({ query: "alpha" });
    await search({ querySubject: "beta", type: "all" });
    await search({ query: "alpha" });
    const list = await t.call("GET", "/api/mail/history", { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body.map((x: { options: unknown }) => x.options)).toEqual([{ query: "alpha", type: "all" }, { querySubject: "beta", type: "all" }]);
    for (let i = 0; i < 25; i++) await search({ query: `word${i}` });
    const full = await t.call("GET", "/api/mail/history", { token: u.token });
    expect(full.body).toHaveLength(20);
    expect(full.body[0].options.query).toBe("word24");
    expect(full.body.at(-1).options.query).toBe("word5");
  });

  test("deleting one entry or all; another user's entry answers 404", async () => {
    const list = await t.call("GET", "/api/mail/history", { token: u.token });
    const first = list.body[0].id as number;
    const B = await signupCompany(t, { domain: "beta.test" });
    expect((await t.call("GET", "/api/mail/history", { token: B.token })).body).toEqual([]);
    const foreign = await t.call("DELETE", "/api/mail/history", { token: B.token, form: { id: first } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("mail.history_not_found");
    expect((await t.call("DELETE", "/api/mail/history", { token: u.token, form: { id: first } })).status).toBe(204);
    const after = await t.call("GET", "/api/mail/history", { token: u.token });
    expect(after.body.map((x: { id: number }) => x.id)).not.toContain(first);
    expect((await t.call("DELETE", "/api/mail/history", { token: u.token, form: {} })).status).toBe(400);
    expect((await t.call("DELETE", "/api/mail/history", { token: u.token, form: { isAll: "true" } })).status).toBe(204);
    expect((await t.call("GET", "/api/mail/history", { token: u.token })).body).toEqual([]);
    // The other company's searches never find this company's mail.
    expect((await search({ query: "회의록" }, { ...u, token: B.token })).body.totalElements).toBe(0);
  });
});
