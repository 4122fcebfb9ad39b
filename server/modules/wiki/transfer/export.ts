// GET docs/{id}/export?subtree= (shared/wiki/documents.ts): Markdown of a document (READ), through the editor's
// schema (content/html.ts jsonToMarkdown); each file starts with the title as "# title" (import takes it back).
//
// One document: text/markdown. No file can travel beside it, so its images and attached files are written as
// links, named by the file (an image by its alt text, else the file's name), to the document's address
// {origin}/#/wiki/docs/{id}, where the reader opens them; links to other documents become their full address.
//
// subtree=true: a zip (UTF-8 names) of the document and every readable PUBLISHED document under it. Each is
// "<title>.md", or a folder "<title>/" with "index.md" when it has sub-documents, in the folder of the nearest
// exported document above it (a readable document under one the caller may not read hangs from the one above
// that); a title used twice in one folder gets " (2)", " (3)" … Images and attached files (those the caller may
// read) are under "files/" at the top, linked relatively; links between exported documents are relative too.
//
// A database (its own text, then) a Markdown table of its rows: each row's title (a link to the row: its file
// in the zip, its address in a single file) and its property values; in the zip its rows are its documents.
import { strToU8, zipSync, type Zippable } from "fflate";
import { sql } from "drizzle-orm";
import { docLink } from "../../../../shared/wiki/constants.ts";
import type { PropertyValue } from "../../../../shared/wiki/properties.ts";
import { BlobMissingError } from "../../../lib/blobs.ts";
import type { Caller } from "../../../lib/context.ts";
import { contentDisposition } from "../../../lib/downloads.ts";
import { docsWithAccess, requireDoc, readableIds } from "../access.ts";
import { htmlToJson, jsonToMarkdown } from "../content/html.ts";
import { filesOfIds } from "../files/repo.ts";
import { propertiesOf, valuesByDoc } from "../properties/rows.ts";
import { exportJson, type ExportLinks, rowsTable } from "./markdown.ts";
import { encodeLinkPath, NameSet, relativePath, safeName } from "./names.ts";
import { type DocText, docTexts } from "./repo.ts";

const UNTITLED = "Untitled";
const FILES_DIR = "files";

const originOf = (caller: Caller) => caller.deps.config.PUBLIC_URL.replace(/\/$/, "");

/** The file ids a document's JSON refers to (images and attached files). */
function fileIdsOf(html: string): number[] {
  const out: number[] = [];
  const walk = (n: { type?: string; attrs?: Record<string, unknown>; content?: unknown[] }) => {
    if ((n.type === "image" || n.type === "wikiFile") && n.attrs?.fileId) out.push(Number(n.attrs.fileId));
    for (const c of n.content ?? []) walk(c as typeof n);
  };
  walk(htmlToJson(html));
  return out;
}

function markdownOf(d: DocText, links: ExportLinks, table: string | null): string {
  const body = jsonToMarkdown(exportJson(htmlToJson(d.text), links)).trim();
  const parts = [d.title ? `# ${d.title.replace(/\n/g, " ")}` : "", body, table ?? ""].filter(Boolean);
  return parts.join("\n\n") + "\n";
}

/** A database's rows among `docs` (or every readable PUBLISHED row), with their values, in order. */
async function databaseTable(
  caller: Caller,
  db: DocText,
  rows: DocText[],
  href: (rowId: number) => string | null,
): Promise<string> {
  const { companyId } = caller.auth;
  const properties = await propertiesOf(caller.deps.db, companyId, db.id);
  const values: Map<number, PropertyValue[]> = await valuesByDoc(caller.deps.db, companyId, rows.map((r) => r.id));
  return rowsTable(properties, rows.map((r) => ({ id: r.id, title: r.title || UNTITLED, href: href(r.id), values: values.get(r.id) ?? [] })));
}

/** The readable PUBLISHED documents under `path` (not the document itself). */
async function readableUnder(caller: Caller, path: string): Promise<number[]> {
  const rows = await docsWithAccess(caller.deps.db, caller.auth, sql`d.path like ${path.replace(/[\\%_]/g, "\\$&") + "/%"} and d.status = 'PUBLISHED'`);
  return rows.filter((r) => r.level !== "NONE").map((r) => r.id);
}

/** The files (by id) the caller may read: of the company and of a document they may read. */
async function readableFiles(caller: Caller, ids: number[]) {
  const files = await filesOfIds(caller.deps.db, caller.auth.companyId, [...new Set(ids)]);
  const docs = new Set(await readableIds(caller.deps.db, caller.auth, [...new Set(files.map((f) => f.docId))]));
  return new Map(files.filter((f) => docs.has(f.docId)).map((f) => [f.id, f]));
}

export interface Download {
  body: Uint8Array;
  headers: Record<string, string>;
}

/** One document as Markdown (see the header). */
export async function exportOne(caller: Caller, id: number): Promise<Download> {
  const root = await requireDoc(caller, id, "READ");
  const [d] = await docTexts(caller.deps.db, caller.auth.companyId, [root.id]);
  const origin = originOf(caller);
  const files = await readableFiles(caller, fileIdsOf(d.text));
  const links: ExportLinks = {
    file: (fileId) => {
      const f = files.get(fileId);
      return f ? { name: f.name, href: docLink(origin, d.id), asLink: true } : null;
    },
    doc: (docId) => docLink(origin, docId),
  };
  let table: string | null = null;
  if (d.type === "database") {
    const children = await readableUnder(caller, d.path);
    const rows = (await docTexts(caller.deps.db, caller.auth.companyId, children)).filter((r) => r.parentId === d.id);
    table = await databaseTable(caller, d, rows, (rowId) => docLink(origin, rowId));
  }
  return {
    body: strToU8(markdownOf(d, links, table)),
    headers: {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": contentDisposition(`${safeName(d.title, UNTITLED)}.md`),
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  };
}

/** The document and its readable sub-documents as a zip of Markdown files and their files (see the header). */
export async function exportTree(caller: Caller, id: number): Promise<Download> {
  const { deps, auth } = caller;
  const root = await requireDoc(caller, id, "READ");
  const docs = await docTexts(deps.db, auth.companyId, [root.id, ...await readableUnder(caller, root.path)]);
  const byId = new Map(docs.map((d) => [d.id, d]));
  // Each exported document under the nearest exported one above it.
  const children = new Map<number, DocText[]>();
  for (const d of docs) {
    if (d.id === root.id) continue;
    const ids = d.path.split("/").map(Number);
    const up = ids.slice(0, -1).reverse().find((a) => byId.has(a))!;
    children.set(up, [...children.get(up) ?? [], d]);
  }
  // Zip paths: "<title>.md", or "<title>/index.md" for a document with sub-documents.
  const pathOf = new Map<number, string>();
  const place = (d: DocText, folder: string, names: NameSet) => {
    const base = names.take(safeName(d.title, UNTITLED));
    const kids = children.get(d.id) ?? [];
    if (!kids.length) {
      pathOf.set(d.id, `${folder}${base}.md`);
      return;
    }
    pathOf.set(d.id, `${folder}${base}/index.md`);
    const inner = new NameSet();
    inner.take("index");
    for (const k of kids) place(k, `${folder}${base}/`, inner);
  };
  const top = new NameSet();
  top.take(FILES_DIR);
  place(byId.get(root.id)!, "", top);

  const files = await readableFiles(caller, docs.flatMap((d) => fileIdsOf(d.text)));
  const fileNames = new NameSet();
  const filePath = new Map<number, string>();
  const zip: Zippable = {};
  for (const d of docs) {
    const from = pathOf.get(d.id)!;
    const links: ExportLinks = {
      file: (fileId) => {
        const f = files.get(fileId);
        if (!f) return null;
        let p = filePath.get(fileId);
        if (!p) {
          const dot = f.name.lastIndexOf(".");
          const [base, ext] = dot > 0 ? [f.name.slice(0, dot), f.name.slice(dot)] : [f.name, ""];
          p = `${FILES_DIR}/${fileNames.take(safeName(base, "file"), ext.replace(/[\\/:*?"<>|\s]/g, "_"))}`;
          filePath.set(fileId, p);
        }
        return { name: f.name, href: encodeLinkPath(relativePath(from, p)) };
      },
      doc: (docId) => {
        const to = pathOf.get(docId);
        return to ? encodeLinkPath(relativePath(from, to)) : docLink(originOf(caller), docId);
      },
    };
    const rows = d.type === "database" ? (children.get(d.id) ?? []).filter((r) => r.parentId === d.id) : [];
    const table = d.type === "database" ? await databaseTable(caller, d, rows, (rowId) => links.doc(rowId)) : null;
    zip[from] = strToU8(markdownOf(d, links, table));
  }
  for (const [fileId, p] of filePath) {
    const f = files.get(fileId)!;
    try {
      zip[p] = [await deps.blobs.get(f.blobKey), { level: 0 }];
    } catch (e) {
      if (!(e instanceof BlobMissingError)) throw e;
      deps.log.error(`wiki export: file ${f.id}'s blob ${f.blobKey} is missing`); // its link is left dangling
    }
  }
  return {
    body: zipSync(zip, { level: 6 }),
    headers: {
      "content-type": "application/zip",
      "content-disposition": contentDisposition(`${safeName(root.title, UNTITLED)}.zip`),
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    },
  };
}
