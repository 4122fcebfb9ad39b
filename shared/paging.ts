// Paged lists: zero-based page, pageSize, and the answer shape { content, totalElements, totalPages }.
import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  page: number;
  pageSize: number;
}

export function pageOf<T>(content: T[], totalElements: number, q: PageQuery): Page<T> {
  return { content, totalElements, totalPages: Math.ceil(totalElements / q.pageSize), page: q.page, pageSize: q.pageSize };
}

/** The latest instant PostgreSQL and every client handle alike: 9999-12-31T23:59:59.999Z. */
export const MAX_TIME_MILLIS = 253_402_300_799_999;
