// Search -4 by file content: text (UTF-8 and CP949), PDF, docx, xlsx and pptx files are read by the extraction
// job after the upload (not in the request); a word of their content finds them, a Korean two-syllable word
// too; a broken file is marked failed and found by name only; copies keep what was extracted.
import { beforeAll, describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import type { DriveItem } from "../../shared/drive/items.ts";
import { extractPending } from "../../server/modules/drive/search/extract-job.ts";
import { createTestApp } from "../support/test-app.ts";
import { type Co, company, driveApi } from "./helpers.ts";
import { onePagePdf as pdf } from "../support/pdf.ts";

const t = await createTestApp();
const api = driveApi(t);
let A: Co;
let B: Co;
let root: DriveItem;


const office = (entries: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)])));

beforeAll(async () => {
  A = await company(t, "content-a.test");
  B = await company(t, "content-b.test");
  root = await api.root(A.admin);
});

const find = (word: string, who = A.admin) => api.names(who, { folderId: -4, searchWord: word, sort: "fileName", dir: "asc" });

describe("content search", () => {
  it("finds text, PDF and Office files by what they say, after the job ran", async () => {
    await api.uploadOk(A.admin, root.id, "notes.txt", "Minutes of the 예산 회의 on Friday");
    // "회의록" in CP949 (not UTF-8).
    await api.uploadOk(A.admin, root.id, "legacy.txt", new Uint8Array([0xc8, 0xb8, 0xc0, 0xc7, 0xb7, 0xcf]));
    await api.uploadOk(A.admin, root.id, "scan.pdf", pdf("Quarterly budget forecast"));
    await api.uploadOk(A.admin, root.id, "letter.docx", office({
      "[Content_Types].xml": "<Types/>",
      "word/document.xml": '<w:document><w:body><w:p><w:r><w:t>Dear partner,</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">the 계약서 &amp; invoice</w:t></w:r></w:p></w:body></w:document>',
    }));
    await api.uploadOk(A.admin, root.id, "sheet.xlsx", office({
      "xl/sharedStrings.xml": "<sst><si><t>Revenue</t></si><si><t>매출 합계</t></si></sst>",
      "xl/worksheets/sheet1.xml": '<worksheet><sheetData><row><c t="inlineStr"><is><t>Inline cell</t></is></c></row></sheetData></worksheet>',
    }));
    await api.uploadOk(A.admin, root.id, "deck.pptx", office({ "ppt/slides/slide1.xml": "<p:sld><a:p><a:r><a:t>Roadmap 2027</a:t></a:r></a:p></p:sld>" }));
    await api.uploadOk(A.admin, root.id, "broken.pdf", "not a pdf at all");
    // Nothing is read in the upload's request.
    expect(await find("forecast")).toEqual([]);
    expect(await extractPending(t.deps, 100)).toBe(7);
    expect(await find("forecast")).toEqual(["scan.pdf"]);
    expect(await find("회의")).toEqual(["legacy.txt", "notes.txt"]);
    expect(await find("회의록")).toEqual(["legacy.txt"]);
    expect(await find("partner invoice")).toEqual(["letter.docx"]);
    expect(await find("계약서")).toEqual(["letter.docx"]);
    expect(await find("매출")).toEqual(["sheet.xlsx"]);
    expect(await find("inline")).toEqual(["sheet.xlsx"]);
    expect(await find("roadmap")).toEqual(["deck.pptx"]);
    expect(await find("broken")).toEqual(["broken.pdf"]);
    const states = await t.db.sql<{ name: string; content_state: string }[]>`
      select name, content_state from drive_items where company_id = ${A.companyId} and kind = 'file' order by name`;
    expect(Object.fromEntries(states.map((s) => [s.name, s.content_state]))).toMatchObject({ "broken.pdf": "failed", "scan.pdf": "done" });
    expect(await extractPending(t.deps)).toBe(0);
  });

  it("copies are found by content; other companies find nothing", async () => {
    const [src] = (await api.list(A.admin, { folderId: -4, searchWord: "roadmap" })).list.content;
    const dst = await api.folder(A.admin, root.id, "Copies");
    await api.ok(201, "POST", "/api/drive/copy", A.admin, { fileIds: [src.id], targetFolderId: dst.id });
    expect(await find("roadmap")).toEqual(["deck.pptx", "deck.pptx"]);
    expect(await find("roadmap", B.admin)).toEqual([]);
  });
});
