// Versions of a document (001 §3 "Version"). Calls under /api/wiki:
//
//   GET versions?docId=&page=&size=   Page<VersionSummary> newest first (READ on the document)
//   GET versions/{id}                 Version with its text (READ; 404 wiki.version_not_found)
//   (rollback: POST docs/{id}/rollback, documents.ts)
// A version is written on each change of title or text (PATCH, the live editor's save, rollback, restore of a
// markdown import); saves by the same person within VERSION_COALESCE_MS of the newest version update that
// version instead of adding one, so typing does not make hundreds.
import { z } from "zod";
import { VERSION_PAGE_SIZE } from "./constants.ts";

export interface VersionSummary {
  id: number;
  documentId: number;
  title: string;
  createdTime: number;
  lastModifiedBy: number | null;
  lastModifiedByName: string;
}

export interface Version extends VersionSummary {
  text: string;
}

export const versionsQuery = z.object({
  docId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(VERSION_PAGE_SIZE),
});
