// The approval calls this part of the island makes (002 §7 "Approval"; the calls and their shapes are listed in
// the headers of shared/approval/*.ts), through the app's API client. Bytes (the Excel export of a box, a
// document's attachments) come through `authorized` with the bearer token and are saved from the page.
import type { BasicConfig, DashboardCounts, DashboardLists, ManagedOrgan } from "@shared/approval/config.ts";
import type { Document, DocumentSummary, Opinion } from "@shared/approval/documents.ts";
import type { FormSummary } from "@shared/approval/forms.ts";
import type { ActionResult, ApprovalLine, LineInput } from "@shared/approval/lines.ts";
import type { OpenType } from "@shared/approval/constants.ts";
import type { AutocompleteItem } from "@shared/organizations.ts";
import type { Page } from "@shared/paging.ts";
import { api, authorized, downloadName } from "../../lib/api.ts";
import { type BoxSearch, isOrganBox, keywordOf } from "./paths.ts";

const B = "/api/approval";

export const basicConfig = (signal?: AbortSignal) => api<BasicConfig>(`${B}/config/basic`, { signal });
export const managedOrgans = (signal?: AbortSignal) => api<ManagedOrgan[]>(`${B}/config/manager/managed/list`, { signal });
export const dashboardCounts = (signal?: AbortSignal) => api<DashboardCounts>(`${B}/dashboard/count`, { signal });
export const dashboardLists = (signal?: AbortSignal) => api<DashboardLists>(`${B}/dashboard/list`, { signal });
export const allForms = (signal?: AbortSignal) => api<FormSummary[]>(`${B}/form/list/all`, { signal });

/** The server's query of a box from the address's (0-based page; the keyword of the flag; the department). */
export function boxQueryOf(boxKey: string, s: BoxSearch, size: number) {
  const keyword = keywordOf(s);
  return {
    page: Math.max(0, (s.page ?? 1) - 1),
    size,
    sort: s.sort,
    dir: s.dir,
    draftFromDate: s.draftFromDate,
    draftToDate: s.draftToDate,
    formId: s.formId,
    keywordFlag: keyword ? s.keywordFlag : undefined,
    keyword,
    organId: isOrganBox(boxKey) ? s.dept : undefined,
  };
}

export const box = (boxKey: string, q: ReturnType<typeof boxQueryOf>, signal?: AbortSignal) =>
  api<Page<DocumentSummary>>(`${B}/box/${boxKey}`, { signal, query: q });

export const document = (id: number, signal?: AbortSignal) => api<Document>(`${B}/document/${id}`, { signal });
export const removeDocument = (id: number) => api<unknown>(`${B}/document/${id}`, { method: "DELETE" });
export const retrieve = (id: number, version: number) => api<ActionResult>(`${B}/document/${id}/retrieve`, { method: "PUT", json: { version } });
export const setOpenType = (id: number, openType: OpenType, version: number) =>
  api<unknown>(`${B}/document/${id}/openType`, { method: "PUT", json: { openType, version } });

export const opinions = (docId: number, signal?: AbortSignal) => api<Opinion[]>(`${B}/opinion/list`, { signal, query: { docId } });
export const saveOpinion = (docId: number, comment: string, opinionId?: number) =>
  api<Opinion>(`${B}/opinion`, { method: "PUT", json: { docId, comment, opinionId } });
export const removeOpinion = (id: number) => api<unknown>(`${B}/opinion/${id}`, { method: "DELETE" });

export type LineActionKind = "approve" | "reject" | "cancel" | "receive" | "return";
export interface LineActionInput {
  lineId: number;
  version: number;
  preApproval?: boolean;
  preReject?: boolean;
  comment?: string;
}
export const lineAction = (kind: LineActionKind, body: LineActionInput) =>
  api<ActionResult>(`${B}/appr-line/${kind}`, { method: "PUT", json: { preApproval: false, preReject: false, comment: "", ...body } });
export const changeUpper = (docId: number, version: number, lines: LineInput[]) =>
  api<ApprovalLine[]>(`${B}/appr-line/upper`, { method: "PUT", json: { docId, version, lines } });
export const addShare = (docId: number, lines: LineInput[]) => api<ApprovalLine[]>(`${B}/appr-line/share`, { method: "POST", json: { docId, lines } });

/** Colleagues or departments for the drafter / department filter (GET api/autocomplete/email). */
export const autocomplete = (query: string, type: "USER" | "ORGANIZATION", signal?: AbortSignal) =>
  api<Page<AutocompleteItem>>("/api/autocomplete/email", { signal, query: { query, typeList: [type], pageSize: 10 } });

function withQuery(path: string, q: Record<string, string | number | undefined>) {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== "") u.set(k, String(v));
  return `${path}?${u}`;
}

/** GET dashboard/export/download/excel: the box's documents with the list's filters, as an .xlsx. */
export async function exportBox(boxKey: string, q: ReturnType<typeof boxQueryOf>, fallback: string) {
  const { page: _page, size: _size, ...filters } = q;
  const res = await authorized(withQuery(`${B}/dashboard/export/download/excel`, { box: boxKey, ...filters }));
  return { blob: await res.blob(), name: downloadName(res, fallback) };
}

/** GET document/{id}/file/{fileId}: an attachment's bytes. */
export async function documentFile(docId: number, fileId: number, fallback: string) {
  const res = await authorized(`${B}/document/${docId}/file/${fileId}`);
  return { blob: await res.blob(), name: downloadName(res, fallback) };
}
