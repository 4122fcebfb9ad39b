// The calls of the compose screen (shared/mail/compose.ts documents each): the starting draft by entry type,
// sending (own or from a shared folder), saving drafts, the recipient check, the type switch of an upload,
// and the directory look-ups of the recipient fields (autocomplete, organisation tree and members, the company
// directory).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { MailCompanyConfig } from "@shared/company.ts";
import type { ComposeDraft, DraftSaved, RecipientCheck, SendResult, UploadedFile } from "@shared/mail/compose.ts";
import type { AutocompleteCandidate, DirectoryMember, OrganizationMember } from "@shared/organizations.ts";
import { AUTOCOMPLETE_PAGE_SIZE } from "@shared/organizations.ts";
import type { Page } from "@shared/paging.ts";
import { MAIL_DRIVE_UPLOAD_PATH } from "@shared/mail/drive.ts";
import { api } from "../../../lib/api.ts";
import { COMPOSE_TYPES, type WriteAction } from "../route-params.ts";
import type { bodyOf } from "./state.ts";

export type ComposeBodyOut = ReturnType<typeof bodyOf>;

/** GET the draft the entry type starts from (000 §3 "Compose entry types by number"). */
export function loadDraft(action: WriteAction): Promise<ComposeDraft> {
  const { type, mailId, mailIds } = action;
  if ((type === COMPOSE_TYPES.REPLY || type === COMPOSE_TYPES.REPLY_ALL) && mailId) {
    return api<ComposeDraft>(`/api/mails/v2/reply/${mailId}/${type === COMPOSE_TYPES.REPLY_ALL}`);
  }
  if (type === COMPOSE_TYPES.FORWARD && (mailIds?.length || mailId)) {
    return api<ComposeDraft>("/api/mails/v2/forward", { query: { mailIds: (mailIds?.length ? mailIds : [mailId!]).join(",") } });
  }
  if (type === COMPOSE_TYPES.RESEND && mailId) return api<ComposeDraft>(`/api/mails/v2/resend/${mailId}`);
  if (type === COMPOSE_TYPES.DRAFT && mailId) return api<ComposeDraft>(`/api/mails/v2/draft/${mailId}`);
  return api<ComposeDraft>("/api/mails/v2/compose", { query: { composeType: type === COMPOSE_TYPES.TOME ? "TOME" : undefined } });
}

export function sendMail(body: ComposeBodyOut, sharedFolderId?: number): Promise<SendResult> {
  if (sharedFolderId) {
    return api<SendResult>("/api/share/mails/v2/send", { method: "POST", json: { ...body, folderId: sharedFolderId, fromType: "shared" } });
  }
  return api<SendResult>("/api/mails/v2/send", { method: "POST", json: body });
}

/** POST a new draft (201) or PUT over the existing one; both answer the ids of the stored draft. */
export function saveDraft(body: ComposeBodyOut): Promise<DraftSaved> {
  return api<DraftSaved>("/api/mails/v2/draft", { method: body.draftId ? "PUT" : "POST", json: body });
}

/**
 * The company's mail settings (GET api/company/config/mail; the admin screen shares the cache key): whether
 * large files need a password the sender sets (isLargeAttPw).
 */
export const mailCompanyConfigQuery = queryOptions({
  queryKey: ["company", "config", "mail"],
  queryFn: async ({ signal }) => (await api<{ config: MailCompanyConfig }>("/api/company/config/mail", { signal })).config,
  staleTime: 60_000,
});

export function checkRecipient(address: string): Promise<RecipientCheck> {
  return api<RecipientCheck>("/api/mails/v2/recipients/check", { query: { address } });
}

export function changeUploadType(id: string, uploadType: "normal" | "large", others: string[]): Promise<UploadedFile> {
  return api<UploadedFile>(`/api/mail/file/${id}/type`, { method: "PUT", json: { uploadType, attachments: others } });
}

export const addressSearchQuery = (query: string) =>
  queryOptions({
    queryKey: ["mail", "compose", "autocomplete", query],
    queryFn: ({ signal }) =>
      // Colleagues, organisations, and the cards of the address book and the customer book (none when the
      // company does not use them).
      api<Page<AutocompleteCandidate>>("/api/autocomplete/email", {
        signal,
        query: { query, page: 0, pageSize: AUTOCOMPLETE_PAGE_SIZE, typeList: ["USER", "ORGANIZATION", "CONTACT", "CUSTOMER"] },
      }),
    enabled: query.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const MEMBERS_PAGE_SIZE = 50;

export const organizationMembersQuery = (organId: number, page: number, searchWord: string) =>
  queryOptions({
    queryKey: ["mail", "compose", "members", organId, page, searchWord],
    queryFn: ({ signal }) =>
      api<Page<OrganizationMember>>(`/api/users/organization/${organId}`, {
        signal,
        query: { page, pageSize: MEMBERS_PAGE_SIZE, searchWord: searchWord.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
  });

/**
 * The company directory (GET api/users/members): a search word looks through the whole company; without one,
 * `unassigned` lists the members who belong to no organisation.
 */
export const directoryMembersQuery = (searchWord: string, unassigned: boolean) =>
  queryOptions({
    queryKey: ["mail", "compose", "directory", searchWord.trim(), unassigned],
    queryFn: ({ signal }) =>
      api<Page<DirectoryMember>>("/api/users/members", {
        signal,
        query: { page: 0, pageSize: MEMBERS_PAGE_SIZE, searchWord: searchWord.trim() || undefined, unassigned: unassigned || undefined },
      }),
    placeholderData: keepPreviousData,
  });

/**
 * GET api/mail/drive/upload/{fileId} (shared/mail/drive.ts): a drive file becomes an upload of this compose,
 * normal or large as the server decides from the totals the compose holds already (413 mail.365, 404 mail.364).
 */
export const uploadFromDrive = (fileId: number, held: { normal: number; large: number }) =>
  api<UploadedFile>(`${MAIL_DRIVE_UPLOAD_PATH}/${fileId}`, { query: { tempFileSize: held.normal, largeTempFileSize: held.large } });
