// The AI assistant's agents and settings through /api/assistants: save (create 200, change by the owner or an
// admin only, 403 assistant.not_owner), list by category then title, one, detail, delete 204; visibility by
// organisation (whole company, one organisation, with its sub-organisations; the owner and admins always);
// knowledge files (PDF, DOCX, HWPX and text read on save, counted in the uploader's storage; 400
// assistant.file_unreadable, 413 assistant.file_too_large, 409 assistant.files_max, 507 past the quota, NFC
// names; removeFiles); favourites; the persona; the provider (admin only, key encrypted and never sent back,
// URL checked, the connection test against the model stand-in with a right and a wrong key); the plan rule
// (CUSTOM: 403 assistant.not_available, status says available false); bad input (NUL) 400 common.validation;
// another company's ids 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import type { AssistantDetail, AssistantSummary, Favorite, PersonaItem, ProviderSettings } from "../../shared/assistant/api.ts";
import { ASSISTANT_FILE_MAX_BYTES, ASSISTANT_FILES_MAX, ASSISTANT_TOOLS } from "../../shared/assistant/constants.ts";
import { startOpenAiStandin, type OpenAiStandin } from "../support/openai-standin.ts";
import { createTestApp } from "../support/test-app.ts";
import { type AssistantCompany, assistantApi, assistantCompany, connectModel, pdf, saveForm } from "./support.ts";

const t = await createTestApp();
const api = assistantApi(t);
let A: AssistantCompany, B: AssistantCompany;
let model: OpenAiStandin;

const docx = (text: string) => zipSync({ "word/document.xml": strToU8(`<w:document><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`) });
const hwpx = (text: string) => zipSync({ mimetype: strToU8("application/hwp+zip"), "Contents/section0.xml": strToU8(`<hs:sec><hp:p><hp:run><hp:t>${text}</hp:t></hp:run></hp:p></hs:sec>`) });
const ids = (list: { id: number }[]) => list.map((a) => a.id);
const create = async (who: { token: string }, json: Record<string, unknown>) => await api.ok<AssistantDetail>(200, "POST", "save", who, json);

beforeAll(async () => {
  model = await startOpenAiStandin({ apiKey: "sk-test", models: ["standin-1", "standin-large"] });
  A = await assistantCompany(t, "assist-a.test");
  B = await assistantCompany(t, "assist-b.test");
});
afterAll(async () => await model.close());

describe("assistants", () => {
  let company: AssistantDetail, devOnly: AssistantDetail, hqWithSubs: AssistantDetail, hqOnly: AssistantDetail, salesOnly: AssistantDetail;

  beforeAll(async () => {
    company = await create(A.kim, { title: "업무 도우미", category: "TOOLS", icon: "🤖", description: "메일과 일정", systemPrompt: "친절하게", starter: ["내일 일정은?", "안 읽은 메일"] });
    devOnly = await create(A.kim, { title: "개발 가이드", category: "DEV_OPERATIONS", organId: A.organs.dev });
    hqWithSubs = await create(A.lee, { title: "본부 규정", category: "HR_ACCOUNTING", organId: A.organs.hq, includeSubOrganizations: true });
    hqOnly = await create(A.lee, { title: "본부 전용", category: "HR_ACCOUNTING", organId: A.organs.hq, includeSubOrganizations: false });
    salesOnly = await create(A.park, { title: "영업 자료", category: "SALES_MARKETING", organId: A.organs.sales });
  });

  it("saves with the caller as owner and answers the detail", async () => {
    expect(company).toMatchObject({
      title: "업무 도우미", category: "TOOLS", icon: "🤖", description: "메일과 일정", systemPrompt: "친절하게", starter: ["내일 일정은?", "안 읽은 메일"],
      organId: null, organName: null, includeSubOrganizations: false, ownerId: A.kim.id, ownerName: "김개발", editable: true, favorite: false, files: [],
    });
    expect(devOnly).toMatchObject({ organId: A.organs.dev, organName: "개발팀" });
    expect(await api.ok(200, "GET", `${company.id}/detail`, A.kim)).toEqual(company);
    const { systemPrompt: _s, files: _f, ...summary } = company;
    expect(await api.ok(200, "GET", String(company.id), A.lee)).toEqual({ ...summary, editable: false });
  });

  it("shows each user what their organisations may see, by category then title", async () => {
    // 김개발 (개발팀, below 본부): the company's, 개발팀's, 본부's with sub-organisations; not 본부 only, not 영업팀's.
    expect(ids(await api.ok<AssistantSummary[]>(200, "GET", "list", A.kim))).toEqual([company.id, hqWithSubs.id, devOnly.id]);
    // 이본부 (본부): both of 본부 (their own), not 개발팀's (below them).
    expect(ids(await api.ok(200, "GET", "list", A.lee))).toEqual([company.id, hqWithSubs.id, hqOnly.id]);
    expect(ids(await api.ok(200, "GET", "list", A.park))).toEqual([company.id, salesOnly.id]);
    // The admin sees and may edit all of them.
    const all = await api.ok<AssistantSummary[]>(200, "GET", "list", A.admin);
    expect(ids(all).sort()).toEqual(ids([company, devOnly, hqWithSubs, hqOnly, salesOnly]).sort());
    expect(all.every((a) => a.editable)).toBe(true);
    // Not seen: 404 as a missing one, for every call on it.
    await api.fails(404, "assistant.not_found", "GET", String(hqOnly.id), A.kim);
    await api.fails(404, "assistant.not_found", "GET", `${salesOnly.id}/detail`, A.kim);
    await api.fails(404, "assistant.not_found", "POST", "favorites", A.kim, { assistantId: salesOnly.id });
    await api.fails(404, "assistant.not_found", "POST", "save", A.kim, { id: salesOnly.id, title: "x", category: "TOOLS" });
    await api.fails(404, "assistant.not_found", "DELETE", String(salesOnly.id), A.kim);
    await api.fails(404, "assistant.not_found", "GET", "99999999", A.kim);
    await api.fails(404, "assistant.not_found", "GET", "abc", A.kim);
  });

  it("lets the owner or an admin change and delete it, not others", async () => {
    await api.fails(403, "assistant.not_owner", "POST", "save", A.lee, { id: company.id, title: "바꿈", category: "TOOLS" });
    await api.fails(403, "assistant.not_owner", "DELETE", String(company.id), A.lee);
    const changed = await create(A.kim, { id: company.id, title: "업무 비서", category: "TOOLS", starter: ["a", "", "b"] });
    expect(changed).toMatchObject({ id: company.id, title: "업무 비서", starter: ["a", "b"], description: "", ownerId: A.kim.id });
    const byAdmin = await create(A.admin, { id: devOnly.id, title: "개발 가이드 2", category: "DEV_OPERATIONS", organId: A.organs.dev });
    expect(byAdmin).toMatchObject({ title: "개발 가이드 2", ownerId: A.kim.id, editable: true });
    const temp = await create(A.park, { title: "임시", category: "INNOVATION" });
    expect((await api.raw("DELETE", String(temp.id), A.park)).status).toBe(204);
    await api.fails(404, "assistant.not_found", "GET", String(temp.id), A.park);
  });

  it("refuses bad input with 400 and another company's ids with 404", async () => {
    const v = await api.fails(400, "common.validation", "POST", "save", A.kim, { title: "a\u0000b", category: "TOOLS" });
    expect(v.errors[0].field).toBe("title");
    await api.fails(400, "common.validation", "POST", "save", A.kim, { title: "", category: "TOOLS" });
    await api.fails(400, "common.validation", "POST", "save", A.kim, { title: "x", category: "NOPE" });
    await api.fails(400, "common.validation", "POST", "save", A.kim, { title: "x", category: "TOOLS", organId: B.organs.dev });
    await api.fails(400, "common.validation", "POST", "save", A.kim, { title: "x", category: "TOOLS", starter: ["1", "2", "3", "4", "5", "6", "7"] });
    await api.fails(400, "common.validation", "POST", "chats", A.kim, { title: "\u0000" });
    await api.fails(400, "common.validation", "POST", "persona", A.kim, [{ idx: 0, traits: "x\u0000" }]);
    expect((await t.call("GET", `/api/assistants/list?q=%00`, { token: A.kim.token })).status).toBe(400);
    // Company B sees none of A's, and A's ids answer 404 to it.
    expect(await api.ok(200, "GET", "list", B.kim)).toEqual([]);
    await api.fails(404, "assistant.not_found", "GET", String(company.id), B.admin);
    await api.fails(404, "assistant.not_found", "POST", "save", B.admin, { id: company.id, title: "x", category: "TOOLS" });
    await api.fails(404, "assistant.not_found", "DELETE", String(company.id), B.admin);
    await api.fails(404, "assistant.not_found", "POST", "favorites", B.kim, { assistantId: company.id });
    await api.fails(404, "assistant.not_found", "POST", "chats", B.kim, { assistantId: company.id });
  });

  it("keeps favourites per user: add (again: the same one), list, delete 204", async () => {
    const f = await api.ok<Favorite>(200, "POST", "favorites", A.lee, { assistantId: company.id, title: "내 비서" });
    expect(f).toEqual({ id: f.id, assistantId: company.id, title: "내 비서" });
    expect(await api.ok(200, "POST", "favorites", A.lee, { assistantId: company.id })).toEqual(f);
    const byTitle = await api.ok<Favorite>(200, "POST", "favorites", A.lee, { assistantId: hqOnly.id });
    expect(byTitle.title).toBe("본부 전용");
    expect(await api.ok(200, "GET", "favorites", A.lee)).toEqual([f, byTitle]);
    expect((await api.ok<AssistantSummary>(200, "GET", String(company.id), A.lee)).favorite).toBe(true);
    expect((await api.ok<AssistantSummary>(200, "GET", String(company.id), A.kim)).favorite).toBe(false);
    expect(await api.ok(200, "GET", "favorites", A.kim)).toEqual([]);
    await api.fails(404, "assistant.favorite_not_found", "DELETE", `favorites/${f.id}`, A.kim);
    await api.fails(404, "assistant.favorite_not_found", "DELETE", `favorites/${f.id}`, B.admin);
    expect((await api.raw("DELETE", `favorites/${f.id}`, A.lee)).status).toBe(204);
    expect(await api.ok(200, "GET", "favorites", A.lee)).toEqual([byTitle]);
  });
});

describe("knowledge files", () => {
  const used = async (userId: number) => Number((await t.db.sql<{ u: string }[]>`select used_size as u from users where id = ${userId}`)[0].u);

  it("reads PDF, DOCX, HWPX and text on save, counts them in storage, removes the ones asked", async () => {
    const before = await used(A.kim.id);
    const files = [
      { name: "규정.pdf", bytes: pdf("Leave policy: 15 days a year"), type: "application/pdf" },
      { name: "안내.docx".normalize("NFD"), bytes: docx("출장 규정 &amp; 경비") },
      { name: "연차.hwpx", bytes: hwpx("연차는 입사 1년 후 15일") },
      { name: "메모.txt", bytes: strToU8("주차는 지하 2층") },
    ];
    const r = await saveForm(t, A.kim, { title: "규정 도우미", category: "HR_ACCOUNTING", starter: ["연차는?", "출장비는?"], includeSubOrganizations: "false", organId: "" }, files);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body as AssistantDetail;
    expect(d).toMatchObject({ title: "규정 도우미", starter: ["연차는?", "출장비는?"], organId: null });
    expect(d.files.map((f) => [f.name, f.size, f.textLength > 0])).toEqual(files.map((f) => [f.name.normalize("NFC"), f.bytes.length, true]));
    expect(d.files[0].contentType).toBe("application/pdf");
    const texts = await t.db.sql<{ name: string; text: string }[]>`select name, text from assistant_files where assistant_id = ${d.id} order by id`;
    expect(texts.map((x) => x.text)).toEqual(["Leave policy: 15 days a year", "출장 규정 & 경비", "연차는 입사 1년 후 15일", "주차는 지하 2층"]);
    const total = files.reduce((n, f) => n + f.bytes.length, 0);
    expect(await used(A.kim.id)).toBe(before + total);

    // A change keeps the files unless removed; removeFiles (repeated) takes them away.
    const keep = await saveForm(t, A.kim, { id: d.id, title: "규정 도우미", category: "HR_ACCOUNTING", removeFiles: [d.files[1].id, d.files[3].id] });
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    expect(keep.body.files.map((f: { name: string }) => f.name)).toEqual(["규정.pdf", "연차.hwpx"]);
    expect(await used(A.kim.id)).toBe(before + files[0].bytes.length + files[2].bytes.length);
    // Deleting the assistant gives the space back.
    expect((await api.raw("DELETE", String(d.id), A.kim)).status).toBe(204);
    expect(await used(A.kim.id)).toBe(before);
  });

  it("refuses unreadable, too large, too many and over-quota files, leaving nothing behind", async () => {
    const base = await saveForm(t, A.lee, { title: "파일 한도", category: "INNOVATION" });
    const id = base.body.id as number;
    const count = async () => Number((await t.db.sql<{ n: string }[]>`select count(*) as n from assistant_files where assistant_id = ${id}`)[0].n);
    const unreadable = await saveForm(t, A.lee, { id, title: "파일 한도", category: "INNOVATION" }, [{ name: "사진.png", bytes: new Uint8Array([137, 80, 78, 71]) }]);
    expect([unreadable.status, unreadable.body.code, unreadable.body.params]).toEqual([400, "assistant.file_unreadable", { name: "사진.png" }]);
    const big = await saveForm(t, A.lee, { id, title: "파일 한도", category: "INNOVATION" }, [{ name: "큰.txt", bytes: new Uint8Array(ASSISTANT_FILE_MAX_BYTES + 1).fill(65) }]);
    expect([big.status, big.body.code, big.body.params]).toEqual([413, "assistant.file_too_large", { max: ASSISTANT_FILE_MAX_BYTES }]);
    const nine = Array.from({ length: ASSISTANT_FILES_MAX - 1 }, (_, i) => ({ name: `f${i}.txt`, bytes: strToU8(`파일 ${i}`) }));
    expect((await saveForm(t, A.lee, { id, title: "파일 한도", category: "INNOVATION" }, nine)).status).toBe(200);
    const over = await saveForm(t, A.lee, { id, title: "파일 한도", category: "INNOVATION" }, [{ name: "a.txt", bytes: strToU8("a") }, { name: "b.txt", bytes: strToU8("b") }]);
    expect([over.status, over.body.code, over.body.params]).toEqual([409, "assistant.files_max", { max: ASSISTANT_FILES_MAX }]);
    expect(await count()).toBe(ASSISTANT_FILES_MAX - 1);
    // The quota: 507, nothing stored.
    await t.db.sql`update users set total_quota = used_size + 3 where id = ${A.lee.id}`;
    const full = await saveForm(t, A.lee, { id, title: "파일 한도", category: "INNOVATION" }, [{ name: "q.txt", bytes: strToU8("quota!") }]);
    expect([full.status, full.body.code]).toEqual([507, "assistant.insufficient_space"]);
    expect(await count()).toBe(ASSISTANT_FILES_MAX - 1);
    await t.db.sql`update users set total_quota = 0 where id = ${A.lee.id}`;
  });
});

describe("persona", () => {
  it("replaces the list by idx, job title developer by default", async () => {
    expect(await api.ok(200, "GET", "persona", A.kim)).toEqual([]);
    const saved = await api.ok<PersonaItem[]>(200, "POST", "persona", A.kim, [
      { idx: 1, title: "팀장 모드", jobTitle: "팀장", traits: "간결하게" },
      { idx: 0, title: "기본" },
    ]);
    expect(saved.map((p) => [p.idx, p.title, p.jobTitle, p.traits, p.other])).toEqual([[0, "기본", "developer", "", ""], [1, "팀장 모드", "팀장", "간결하게", ""]]);
    expect(await api.ok(200, "GET", "persona", A.kim)).toEqual(saved);
    expect(await api.ok(200, "GET", "persona", A.lee)).toEqual([]);
    await api.fails(400, "common.validation", "POST", "persona", A.kim, [{ idx: 0 }, { idx: 0 }]);
    await api.fails(400, "common.validation", "POST", "persona", A.kim, [{ idx: 99 }]);
    const one = await api.ok<PersonaItem[]>(200, "POST", "persona", A.kim, [{ idx: 2, title: "하나" }]);
    expect(one.map((p) => p.idx)).toEqual([2]);
  });
});

describe("provider, status and plan", () => {
  it("is set by an admin only; the key is stored encrypted and never sent back", async () => {
    expect(await api.ok(200, "GET", "status", A.kim)).toEqual({ available: true, providerConfigured: false, isAdmin: false });
    await api.fails(403, "assistant.admin_only", "GET", "provider", A.kim);
    await api.fails(403, "assistant.admin_only", "PUT", "provider", A.kim, { baseUrl: model.baseUrl, model: "m" });
    await api.fails(403, "assistant.admin_only", "POST", "provider/test", A.kim);
    expect(await api.ok(200, "GET", "provider", A.admin)).toEqual({ configured: false, baseUrl: "", model: "", hasKey: false, enabled: false, updatedAt: null });
    for (const baseUrl of ["ftp://127.0.0.1/v1", "javascript:alert(1)", "http://user:pw@127.0.0.1/v1", "not a url"]) {
      await api.fails(400, "assistant.provider_url_invalid", "PUT", "provider", A.admin, { baseUrl, model: "m" });
    }
    await connectModel(t, A.admin, model, "sk-test");
    const s = await api.ok<ProviderSettings>(200, "GET", "provider", A.admin);
    expect(s).toEqual({ configured: true, baseUrl: model.baseUrl, model: model.model, hasKey: true, enabled: true, updatedAt: t.clock.now().getTime() });
    expect(JSON.stringify(s)).not.toContain("sk-test");
    const [row] = await t.db.sql<{ k: string }[]>`select api_key_enc as k from assistant_providers where company_id = ${A.co.companyId}`;
    expect(row.k).not.toContain("sk-test");
    expect(row.k.length).toBeGreaterThan(20);
    expect(await api.ok(200, "GET", "status", A.kim)).toEqual({ available: true, providerConfigured: true, isAdmin: false });
    expect(await api.ok(200, "GET", "status", A.admin)).toMatchObject({ isAdmin: true });
    // Omitting the key keeps it; a trailing slash is dropped.
    expect(await api.ok(200, "PUT", "provider", A.admin, { baseUrl: `${model.baseUrl}/`, model: "standin-large" })).toMatchObject({ baseUrl: model.baseUrl, model: "standin-large", hasKey: true });
  });

  it("tests the connection: the stored settings, or given ones (a wrong key fails)", async () => {
    expect(await api.ok(200, "POST", "provider/test", A.admin)).toEqual({ ok: true, models: ["standin-1", "standin-large"], errorCode: null });
    expect(model.lastRequest()).toBeUndefined(); // /models is not a chat request
    expect(await api.ok(200, "POST", "provider/test", A.admin, { baseUrl: model.baseUrl, model: "x", apiKey: "sk-wrong" }))
      .toEqual({ ok: false, models: [], errorCode: "assistant.provider_failed" });
    expect(await api.ok(200, "POST", "provider/test", A.admin, { baseUrl: "http://127.0.0.1:9/v1", model: "x" }))
      .toMatchObject({ ok: false, errorCode: "assistant.provider_failed" });
    await api.fails(409, "assistant.no_provider", "POST", "provider/test", B.admin);
    // Switched off: no provider for the users.
    await api.ok(200, "PUT", "provider", A.admin, { baseUrl: model.baseUrl, model: model.model, enabled: false });
    expect((await api.ok(200, "GET", "status", A.kim)).providerConfigured).toBe(false);
    await api.ok(200, "PUT", "provider", A.admin, { baseUrl: model.baseUrl, model: model.model, enabled: true });
    expect((await api.raw("DELETE", "provider", B.admin)).status).toBe(204);
  });

  it("lists the tools", async () => {
    const tools = await api.ok(200, "GET", "tools", A.kim);
    expect(tools.map((x: { name: string }) => x.name)).toEqual([...ASSISTANT_TOOLS]);
    expect(tools[0].parameters).toMatchObject({ type: "object", required: ["query"] });
  });

  it("answers 403 assistant.not_available on a CUSTOM plan (status: available false)", async () => {
    const r = await t.call("PUT", "/api/admin/company", { token: B.admin.token, json: { planType: "CUSTOM" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await api.ok(200, "GET", "status", B.kim)).toEqual({ available: false, providerConfigured: false, isAdmin: false });
    for (const [method, path] of [["GET", "list"], ["GET", "tools"], ["GET", "chats/my"], ["POST", "chats"], ["GET", "provider"], ["GET", "persona"]]) {
      await api.fails(403, "assistant.not_available", method, path, method === "GET" && path === "provider" ? B.admin : B.kim);
    }
    expect((await t.call("GET", "/api/assistants/list")).status).toBe(401);
    await t.call("PUT", "/api/admin/company", { token: B.admin.token, json: { planType: "FREE" } });
    expect((await api.raw("GET", "list", B.kim)).status).toBe(200);
  });
});
