// Attachments (documents/files.ts): the upload (multipart "part", 25 MB at most: 413 approval.file_too_large,
// past the app's 2 MB body limit), claiming by a draft (only the caller's own unclaimed uploads), download by a
// reader only (403 for others, 404 for another company or another document's file), the day's sweep.
import { beforeAll, expect, test } from "vitest";
import { FILE_MAX_BYTES } from "../../shared/approval/constants.ts";
import type { ApprovalFile, Document, DraftResult } from "../../shared/approval/documents.ts";
import type { FormSummary } from "../../shared/approval/forms.ts";
import { sweepUnclaimed } from "../../server/modules/approval/documents/files.ts";
import { createTestApp } from "../support/test-app.ts";
import { approvalApi, type ApprovalCompany, approvalCompany, proposalFixture, userLine } from "./support.ts";

const t = await createTestApp();
const api = approvalApi(t);
let A: ApprovalCompany, B: ApprovalCompany;
let form: FormSummary;
let content: Record<string, unknown>;

beforeAll(async () => {
  A = await approvalCompany(t, "appr-files-a.test");
  B = await approvalCompany(t, "appr-files-b.test");
  ({ form, content } = await proposalFixture(api, A.drafter));
});

async function upload(who: { token: string }, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("part", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" }));
  const res = await t.app.request("/api/approval/document/file", { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, body: await res.json() };
}
const draft = (who: { token: string }, fileIds: number[]) =>
  api.raw("POST", "document/draft", who, {
    formId: form.id, formVersion: form.version, title: "첨부 문서", draftOrganId: A.organs.plan, content,
    lines: [userLine("APPROVAL", 1, A.planLead.id)], fileIds,
  });

test("upload past 2 MB, claim by the draft, download by readers only", async () => {
  const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
  const up = await upload(A.drafter, "견적서.pdf", bytes);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const file = up.body as ApprovalFile;
  expect(file).toMatchObject({ name: "견적서.pdf", size: bytes.length, contentType: "application/pdf" });

  // Another user cannot claim it; the drafter's draft does.
  const stolen = await draft(A.planMember, [file.id]);
  expect([stolen.status, stolen.body.code]).toEqual([400, "approval.file_not_found"]);
  const r = await draft(A.drafter, [file.id]);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const id = (r.body as DraftResult).id;
  const doc = await api.ok<Document>(200, "GET", `document/${id}`, A.planLead);
  expect(doc.files).toEqual([file]);
  expect(doc.hasFiles).toBe(true);
  // Claimed once: a second draft cannot take it again.
  expect((await draft(A.drafter, [file.id])).body.code).toBe("approval.file_not_found");

  const got = await t.app.request(`/api/approval/document/${id}/file/${file.id}`, { headers: { authorization: `Bearer ${A.planLead.token}` } });
  expect(got.status).toBe(200);
  expect(got.headers.get("content-disposition")).toContain("filename*=UTF-8''");
  expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
  await api.fails(403, "approval.not_allowed", "GET", `document/${id}/file/${file.id}`, A.financeMember);
  await api.fails(404, "approval.not_found", "GET", `document/${id}/file/${file.id}`, B.drafter);
  await api.fails(404, "approval.file_not_found", "GET", `document/${id}/file/${file.id + 1000}`, A.drafter);
});

test("a file past 25 MB answers 413 approval.file_too_large; no part answers 400", async () => {
  const big = await upload(A.drafter, "big.bin", new Uint8Array(FILE_MAX_BYTES + 1));
  expect([big.status, big.body.code]).toEqual([413, "approval.file_too_large"]);
  const res = await t.app.request("/api/approval/document/file", { method: "POST", body: new FormData(), headers: { authorization: `Bearer ${A.drafter.token}` } });
  expect(res.status).toBe(400);
});

test("uploads no draft claimed are swept after a day", async () => {
  const kept = (await upload(A.drafter, "a.txt", new TextEncoder().encode("a"))).body as ApprovalFile;
  // A day and an hour old by the app's clock (the sweep's cutoff is read from it, not from the database's now()).
  const old = new Date(t.clock.now().getTime() - 25 * 60 * 60_000).toISOString();
  await t.db.sql`update approval_files set created_at = ${old}::timestamptz where id = ${kept.id}`;
  const fresh = (await upload(A.drafter, "b.txt", new TextEncoder().encode("b"))).body as ApprovalFile;
  expect(await sweepUnclaimed(t.deps)).toBeGreaterThanOrEqual(1);
  const ids = (await t.db.sql<{ id: string }[]>`select id from approval_files where id = any(${[kept.id, fresh.id]})`).map((r) => Number(r.id));
  expect(ids).toEqual([fresh.id]);
});
