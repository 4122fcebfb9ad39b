// GET /api/approval/box/{boxKey}: paging (the company's page size by default), every sort both ways, the
// drafting days in the company's time zone, the form, and the keyword flags (the title's two-syllable search,
// the document number, the drafter, the department); bad input answers 400.
import { beforeAll, describe, expect, it } from "vitest";
import type { DocumentSummary } from "../../shared/approval/documents.ts";
import type { Page } from "../../shared/paging.ts";
import { createTestApp } from "../support/test-app.ts";
import { kst, seedDocument, seedForms, seedPageSize } from "./seed-documents.ts";
import { approvalCast } from "./support.ts";

const t = await createTestApp();
const { api, A, B } = await approvalCast(t, "boxfilter");
const c = A.co.companyId;

let forms: { id: number; name: string }[];

type Who = { token: string };
const list = (who: Who, key: string, params: Record<string, string | number> = {}) =>
  api.ok<Page<DocumentSummary>>(200, "GET", `box/${key}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, who);
const titlesOf = async (who: Who, key: string, params: Record<string, string | number> = {}) =>
  (await list(who, key, { size: 100, ...params })).content.map((d) => d.title);

beforeAll(async () => {
  forms = await seedForms(t, c, ["지출결의서", "품의서", "가나다 양식"]);
  // 23 completed documents of the CEO (한대표, 경영진), one day apart from 2025-04-01 09:00 Seoul time.
  for (let i = 0; i < 23; i++) {
    const n = String(i + 1).padStart(2, "0");
    await seedDocument(t, c, {
      drafterId: A.ceo.id, organId: A.organs.exec, formId: forms[i % 3].id, title: `문서 ${n}`, status: "COMPLETED",
      openType: "PRIVATE", docNum: `경영-2025-${n}`, draftedAt: kst(`2025-04-${n} 09:00`), completedAt: kst(`2025-05-${String(23 - i).padStart(2, "0")} 09:00`),
    });
  }
  // The title search's documents and one drafted just after midnight Seoul time (15:30 UTC the day before).
  for (const [title, at] of [["3월 지출결의서", "2025-06-02 00:30"], ["주간 회의 자료 의록", "2025-06-01 23:30"], ["Quarterly report 결산", "2025-06-03 10:00"]]) {
    await seedDocument(t, c, { drafterId: A.ceo.id, organId: A.organs.exec, formId: forms[0].id, title, status: "IN_PROGRESS", draftedAt: kst(at) });
  }
  await seedDocument(t, c, { drafterId: A.drafter.id, organId: A.organs.plan, formId: forms[1].id, title: "기획팀 지출결의", status: "COMPLETED", openType: "PUBLIC", docNum: "기획-2025-01", draftedAt: kst("2025-04-10 09:00"), completedAt: kst("2025-04-11 09:00") });
  const [bForm] = await seedForms(t, B.co.companyId, ["지출결의서"]);
  await seedDocument(t, B.co.companyId, { drafterId: B.ceo.id, organId: B.organs.exec, formId: bForm.id, title: "3월 지출결의서", status: "IN_PROGRESS", draftedAt: kst("2025-06-02 00:30") });
});

describe("paging", () => {
  it("the default size is 10, else the company's basic config page size; totals and pages", async () => {
    const p0 = await list(A.ceo, "dc");
    expect(p0).toMatchObject({ totalElements: 23, totalPages: 3, page: 0, pageSize: 10 });
    expect(p0.content.map((d) => d.title)[0]).toBe("문서 01"); // completed last
    const p2 = await list(A.ceo, "dc", { page: 2 });
    expect(p2.content.map((d) => d.title)).toEqual(["문서 21", "문서 22", "문서 23"]);
    const p4 = await list(A.ceo, "dc", { size: 5, page: 4 });
    expect(p4).toMatchObject({ totalElements: 23, totalPages: 5, pageSize: 5 });
    expect(p4.content).toHaveLength(3);
    const past = await list(A.ceo, "dc", { size: 5, page: 9 });
    expect(past).toMatchObject({ content: [], totalElements: 23, totalPages: 5 });
    await seedPageSize(t, c, 20);
    expect(await list(A.ceo, "dc")).toMatchObject({ pageSize: 20, totalPages: 2 });
    expect((await list(A.ceo, "dc", { size: 30 })).content).toHaveLength(23);
    await seedPageSize(t, c, 10);
  });
});

describe("sorts", () => {
  it("every sort both ways", async () => {
    const all = Array.from({ length: 23 }, (_, i) => `문서 ${String(i + 1).padStart(2, "0")}`);
    expect(await titlesOf(A.ceo, "dc", { sort: "draftedAt", dir: "asc" })).toEqual(all);
    expect(await titlesOf(A.ceo, "dc", { sort: "draftedAt", dir: "desc" })).toEqual([...all].reverse());
    expect(await titlesOf(A.ceo, "dc", { sort: "completedAt", dir: "asc" })).toEqual([...all].reverse());
    expect(await titlesOf(A.ceo, "dc", { sort: "title", dir: "asc" })).toEqual(all);
    expect(await titlesOf(A.ceo, "dc", { sort: "docNum", dir: "desc" })).toEqual([...all].reverse());
    expect(await titlesOf(A.ceo, "dc", { sort: "updatedAt", dir: "asc" })).toEqual([...all].reverse());
    // Forms: 가나다 양식 (3, 6, ...), 지출결의서 (1, 4, ...), 품의서 (2, 5, ...); ties by id the same way.
    const byForm = await titlesOf(A.ceo, "dc", { sort: "formName", dir: "asc" });
    expect(byForm.slice(0, 3)).toEqual(["문서 03", "문서 06", "문서 09"]);
    expect(byForm.at(-1)).toBe("문서 23");
    const desc = await titlesOf(A.ceo, "dc", { sort: "formName", dir: "desc" });
    expect(desc.slice(0, 2)).toEqual(["문서 23", "문서 20"]);
    // Drafter names in the ledger: 김기안 before 한대표.
    const ledger = await titlesOf(A.ceo, "lg", { sort: "drafterName", dir: "asc" });
    expect(ledger[0]).toBe("기획팀 지출결의");
    expect((await titlesOf(A.ceo, "lg", { sort: "drafterName", dir: "desc" })).at(-1)).toBe("기획팀 지출결의");
  });
});

describe("filters", () => {
  it("drafting days are whole days of Seoul time, inclusive", async () => {
    expect(await titlesOf(A.ceo, "dd", { draftFromDate: "2025-06-02", sort: "draftedAt", dir: "asc" })).toEqual(["3월 지출결의서", "Quarterly report 결산"]);
    expect(await titlesOf(A.ceo, "dd", { draftToDate: "2025-06-01" })).toEqual(["주간 회의 자료 의록"]);
    expect(await titlesOf(A.ceo, "dd", { draftFromDate: "2025-06-02", draftToDate: "2025-06-02" })).toEqual(["3월 지출결의서"]);
    expect(await titlesOf(A.ceo, "dc", { draftFromDate: "2025-04-05", draftToDate: "2025-04-07", sort: "draftedAt", dir: "asc" })).toEqual(["문서 05", "문서 06", "문서 07"]);
  });

  it("the form", async () => {
    const expense = await titlesOf(A.ceo, "dc", { formId: forms[0].id, sort: "title", dir: "asc" });
    expect(expense).toEqual(["문서 01", "문서 04", "문서 07", "문서 10", "문서 13", "문서 16", "문서 19", "문서 22"]);
    expect(await titlesOf(A.ceo, "dc", { formId: 999999999 })).toEqual([]);
  });

  it("TITLE: Korean two-syllable words anywhere, other words at a word's start, every word", async () => {
    expect(await titlesOf(A.ceo, "dd", { keywordFlag: "TITLE", keyword: "지출결의" })).toEqual(["3월 지출결의서"]);
    expect(await titlesOf(A.ceo, "dd", { keywordFlag: "TITLE", keyword: "출결" })).toEqual(["3월 지출결의서"]);
    expect(await titlesOf(A.ceo, "dd", { keywordFlag: "TITLE", keyword: "결의서 3월" })).toEqual(["3월 지출결의서"]);
    // The grams of 회의록 are all in "회의 ... 의록", the word is not.
    expect(await titlesOf(A.ceo, "dd", { keywordFlag: "TITLE", keyword: "회의록" })).toEqual([]);
    expect(await titlesOf(A.ceo, "dd", { keywordFlag: "TITLE", keyword: "회의" })).toEqual(["주간 회의 자료 의록"]);
    expect(await titlesOf(A.ceo, "dd", { keywordFlag: "TITLE", keyword: "QUART" })).toEqual(["Quarterly report 결산"]);
    expect(await titlesOf(A.ceo, "dd", { keywordFlag: "TITLE", keyword: "port" })).toEqual([]);
    expect(await titlesOf(A.ceo, "dd", { keywordFlag: "TITLE", keyword: "%_" })).toEqual([]);
    // Without a flag the keyword searches the title; the ledger finds the public document of 기획팀.
    expect(await titlesOf(A.ceo, "dd", { keyword: "결산" })).toEqual(["Quarterly report 결산"]);
    expect(await titlesOf(A.ceo, "lg", { keywordFlag: "TITLE", keyword: "지출결의" })).toEqual(["기획팀 지출결의"]);
  });

  it("DOC_NUM contains; DRAFT_USER_ID and DRAFT_ORGAN_ID", async () => {
    expect(await titlesOf(A.ceo, "dc", { keywordFlag: "DOC_NUM", keyword: "2025-2", sort: "title", dir: "asc" })).toEqual(["문서 20", "문서 21", "문서 22", "문서 23"]);
    expect(await titlesOf(A.ceo, "dc", { keywordFlag: "DOC_NUM", keyword: "경영-2025-07" })).toEqual(["문서 07"]);
    expect(await titlesOf(A.ceo, "dc", { keywordFlag: "DOC_NUM", keyword: "_" })).toEqual([]);
    expect(await titlesOf(A.ceo, "lg", { keywordFlag: "DRAFT_USER_ID", keyword: A.drafter.id })).toEqual(["기획팀 지출결의"]);
    expect(await titlesOf(A.ceo, "lg", { keywordFlag: "DRAFT_ORGAN_ID", keyword: A.organs.plan })).toEqual(["기획팀 지출결의"]);
    expect((await titlesOf(A.ceo, "lg", { keywordFlag: "DRAFT_ORGAN_ID", keyword: A.organs.exec })).length).toBe(23);
    expect(await titlesOf(A.ceo, "lg", { keywordFlag: "DRAFT_USER_ID", keyword: B.ceo.id })).toEqual([]);
  });

  it("bad input answers 400", async () => {
    for (const q of ["page=-1", "size=0", "size=101", "sort=name", "dir=up", "draftFromDate=2025-02-30", "draftToDate=2025-1-01",
      "formId=x", "keywordFlag=BODY&keyword=a", "keywordFlag=DRAFT_USER_ID&keyword=kim", "organId=0"]) {
      const r = await api.raw("GET", `box/dc?${q}`, A.ceo);
      expect([q, r.status, r.body.code]).toEqual([q, 400, "common.validation"]);
    }
  });
});

