// Calls of the drafting screens (shared/approval/forms.ts, documents.ts): forms, templates, drafting, files,
// the reference-document picker. Keys start with ["approval", ...].
import { queryOptions } from "@tanstack/react-query";
import type { FormBox, FormSummary, Form } from "@shared/approval/forms.ts";
import type { ApprovalFile, Document, DocumentSummary, DraftInput, DraftResult } from "@shared/approval/documents.ts";
import type { Page } from "@shared/paging.ts";
import type { DashboardLists } from "@shared/approval/config.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { getTokens } from "../../../lib/session.ts";

export const A = "/api/approval";

export const formBoxesQuery = queryOptions({
  queryKey: ["approval", "form", "boxes"],
  queryFn: ({ signal }) => api<FormBox[]>(`${A}/form/box/list`, { signal }),
  staleTime: 60_000,
});

export const innerFormsQuery = queryOptions({
  queryKey: ["approval", "form", "inner"],
  queryFn: ({ signal }) => api<FormSummary[]>(`${A}/form/inner`, { signal }),
  staleTime: 60_000,
});

export const formQuery = (id: number) =>
  queryOptions({
    queryKey: ["approval", "form", id],
    queryFn: ({ signal }) => api<Form>(`${A}/form/${id}`, { signal }),
    retry: false,
  });

export const documentQuery = (id: number) =>
  queryOptions({
    queryKey: ["approval", "document", id],
    queryFn: ({ signal }) => api<Document>(`${A}/document/${id}`, { signal }),
    retry: false,
  });

/** Completed documents the caller may read (the ledger, box lg), by title: the reference-document picker. */
export const ledgerSearchQuery = (title: string, page: number) =>
  queryOptions({
    queryKey: ["approval", "box", "lg", "pick", title, page],
    queryFn: ({ signal }) =>
      api<Page<DocumentSummary>>(`${A}/box/lg`, {
        signal,
        query: { page, size: 10, keywordFlag: title ? "TITLE" : undefined, keyword: title || undefined },
      }),
  });

export const submitDraft = (body: DraftInput) => api<DraftResult>(`${A}/document/draft`, { method: "POST", json: body });
export const saveTemp = (body: DraftInput) => api<DraftResult>(`${A}/document/draft/temp`, { method: "POST", json: body });

/** POST document/file (multipart "part") with upload progress; abort with the signal. */
export function uploadFile(file: File, onProgress: (sent: number) => void, signal: AbortSignal): Promise<ApprovalFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${A}/document/file`);
    const token = getTokens()?.accessToken;
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch { /* not JSON */ }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as unknown as ApprovalFile);
      else reject(new ApiError(xhr.status, typeof body.code === "string" ? body.code : `common.${xhr.status}`, body));
    };
    xhr.onerror = () => reject(new ApiError(0, "common.500"));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort());
    const data = new FormData();
    data.append("part", file, file.name.normalize("NFC"));
    xhr.send(data);
  });
}

/** The forms the user drafted with lately (dashboard/list recentForms). */
export const recentFormsQuery = queryOptions({
  queryKey: ["approval", "dashboard", "list"],
  queryFn: ({ signal }) => api<DashboardLists>(`${A}/dashboard/list`, { signal }),
  staleTime: 30_000,
});
