// The spam management calls (shared/mail/spam-lists.ts documents each) and their queries.
import { queryOptions } from "@tanstack/react-query";
import type {
  SenderEntry, SenderKind, SenderList, SpamActionCount, SpamBlockDetail, SpamLogItem,
} from "@shared/mail/spam-lists.ts";
import type { Page } from "@shared/paging.ts";
import { api } from "../../../../lib/api.ts";

export const spamKeys = {
  all: ["mail", "spam"] as const,
  log: (page: number) => ["mail", "spam", "log", page] as const,
  senders: (kind: SenderKind) => ["mail", "spam", "senders", kind] as const,
};

export const SPAM_LOG_PAGE_SIZE = 20;

export const spamLogQuery = (page: number) => queryOptions({
  queryKey: spamKeys.log(page),
  queryFn: ({ signal }) => api<Page<SpamLogItem>>(`/api/spam/list?page=${page}&pageSize=${SPAM_LOG_PAGE_SIZE}`, { signal }),
});

export const sendersQuery = (kind: SenderKind) => queryOptions({
  queryKey: spamKeys.senders(kind),
  queryFn: ({ signal }) => api<SenderList>(`/api/spam/senders?kind=${kind}`, { signal }),
});

export const spamDetail = (id: number) => api<SpamBlockDetail>(`/api/spam/block/detail/${id}`);
export const recoverSpam = (ids: number[]) => api<SpamActionCount>("/api/spam/recovery", { method: "POST", json: { ids } });
export const allowSpam = (ids: number[]) => api<SpamActionCount>("/api/spam/allow", { method: "POST", json: { ids } });
export const deleteSpamLog = (ids: number[]) => api<void>("/api/spam/maillog", { method: "DELETE", json: { ids } });
export const unsubscribe = (sender: string) => api<SenderEntry>("/api/spam/unsubscribe", { method: "POST", json: { sender } });
export const addSender = (kind: SenderKind, pattern: string) => api<SenderEntry>("/api/spam/senders", { method: "POST", json: { kind, pattern } });
export const removeSenders = (ids: number[]) => api<void>("/api/spam/senders", { method: "DELETE", json: { ids } });
