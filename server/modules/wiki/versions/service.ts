// Versions (shared/wiki/versions.ts): READ on the document they belong to. Written only by content/store.ts.
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type { Version, VersionSummary, versionsQuery } from "../../../../shared/wiki/versions.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireDoc } from "../access.ts";

interface VersionRow extends Record<string, unknown> {
  id: string;
  doc_id: string;
  title: string;
  text?: string;
  created_at: Date;
  user_id: string | null;
  account_name: string | null;
  total?: string;
}

const toSummary = (r: VersionRow): VersionSummary => ({
  id: Number(r.id),
  documentId: Number(r.doc_id),
  title: r.title,
  createdTime: new Date(r.created_at).getTime(),
  lastModifiedBy: r.user_id === null ? null : Number(r.user_id),
  lastModifiedByName: r.account_name ?? "",
});

/** GET versions?docId=: newest first. */
export async function listVersions(caller: Caller, q: z.infer<typeof versionsQuery>): Promise<Page<VersionSummary>> {
  await requireDoc(caller, q.docId, "READ");
  const rows = await caller.deps.db.execute<VersionRow>(sql`
    select v.id, v.doc_id, v.title, v.created_at, v.user_id, u.account_name, count(*) over () as total
      from wiki_versions v left join users u on u.id = v.user_id
     where v.doc_id = ${q.docId} and v.company_id = ${caller.auth.companyId}
     order by v.created_at desc, v.id desc limit ${q.size} offset ${q.page * q.size}`);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.page > 0) {
    const [c] = await caller.deps.db.execute<{ n: string }>(sql`select count(*) as n from wiki_versions where doc_id = ${q.docId}`);
    total = Number(c.n);
  }
  return pageOf(rows.map(toSummary), total, { page: q.page, pageSize: q.size });
}

/** GET versions/{id}: with its text. */
export async function getVersion(caller: Caller, id: number): Promise<Version> {
  const [r] = await caller.deps.db.execute<VersionRow>(sql`
    select v.id, v.doc_id, v.title, v.text, v.created_at, v.user_id, u.account_name
      from wiki_versions v left join users u on u.id = v.user_id
     where v.id = ${id} and v.company_id = ${caller.auth.companyId}`);
  if (!r) throw new AppError(404, WIKI_ERRORS.versionNotFound);
  await requireDoc(caller, Number(r.doc_id), "READ");
  return { ...toSummary(r), text: r.text ?? "" };
}
