import { queryOptions } from "@tanstack/react-query";
import type { SearchAnswer } from "@shared/search.ts";
import { api } from "../../lib/api.ts";

/** GET /api/search: every module the caller uses, a few hits each. */
export const globalSearchQuery = (keyword: string) => queryOptions({
  queryKey: ["search", keyword],
  queryFn: ({ signal }) => api<SearchAnswer>("/api/search", { signal, query: { keyword } }),
  staleTime: 30_000,
});
