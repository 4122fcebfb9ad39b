// Each person's favourites, recent documents and last read (001 §3 "Recent document", "Favourite"; §4
// "Favourites refresh after add, move and delete"). Calls under /api/wiki:
//
//   GET    users/last-read           { documentId, readTime } | null: the caller's most recent readable document
//   GET    users/recent              RecentDoc[]: readable documents the caller opened (trackRecent), newest first,
//                                    RECENT_MAX
//   GET    users/favorites           Favorite[] by sortOrder (documents the caller can no longer read are left out)
//   POST   users/favorites           { documentId } → 201 Favorite (READ; 409 wiki.favorite_exists, favorites_max)
//   PATCH  users/favorites/{id}      { prevId } (a favourite id or null: first) → Favorite[]
//   DELETE users/favorites/{id}      200 { id } (404 wiki.favorite_not_found: missing or another person's)
import { z } from "zod";
import type { WikiSummary } from "./documents.ts";

export interface RecentDoc extends WikiSummary {
  readTime: number;
}

export interface Favorite {
  id: number;
  sortOrder: number;
  documentId: number;
  document: WikiSummary;
}

export interface LastRead {
  documentId: number;
  readTime: number;
}

const idNum = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const favoriteBody = z.object({ documentId: idNum });
export const favoriteMoveBody = z.object({ prevId: idNum.nullable().default(null) });
