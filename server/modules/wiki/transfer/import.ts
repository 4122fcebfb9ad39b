// POST docs/import (shared/wiki/documents.ts): one Markdown file (.md, .markdown, .txt) or a zip of them
// becomes documents under parentId (WRITE on it; none: the top level), created by the caller (their OWNER).
//
// - A zip's folders become parent documents: a folder's index.md or README.md (else a "<folder>.md" beside
//   it) is that parent's text; folders holding no Markdown file are not documents (their files may be images).
//   Names without the UTF-8 flag are read as CP949 unless they are valid UTF-8 (zip-read.ts); all NFC.
//   Hidden entries (".…", "__MACOSX/") are skipped. Siblings keep the zip's order.
// - A file's first block, when it is a "# heading", is the title (and leaves the body); else the file's or
//   folder's name. Text is UTF-8 (a BOM dropped), or CP949 when it is not valid UTF-8.
// - Markdown → the editor's JSON → HTML → writeContent (the first version). Images of the zip referenced
//   relatively become files of the new document (images with fileId); a paragraph that is only a link to a
//   file of the zip becomes an attached file; a link to another imported Markdown file, a link to its document.
// - 400 wiki.import_invalid: not Markdown or a zip, an unreadable zip, no Markdown in it, more than
//   IMPORT_DOCS_MAX documents, deeper than DEPTH_MAX under the parent. 413 wiki.file_too_large past
//   IMPORT_MAX_BYTES; 507 wiki.insufficient_space when the zip's files do not fit the caller's quota.
// Everything is checked before anything is written; the rows go in one transaction, and blobs this import
// added are removed again when it fails.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { JSONContent } from "@tiptap/core";
import { sql } from "drizzle-orm";
import { DEPTH_MAX, IMPORT_DOCS_MAX, TITLE_MAX } from "../../../../shared/wiki/constants.ts";
import type { WikiSummary } from "../../../../shared/wiki/documents.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { refreshSubtree, requireDoc } from "../access.ts";
import { jsonToHtml, markdownToJson } from "../content/html.ts";
import { writeContent } from "../content/store.ts";
import { toSummary } from "../docs/read.ts";
import { summaryRows } from "../docs/repo.ts";
import { placeAmongSiblings } from "../docs/write.ts";
import { insertFile } from "../files/repo.ts";
import { contentTypeOf, fileName, isImageType, requireRoom } from "../files/service.ts";
import { publishWikiChanged } from "../realtime.ts";
import { type ImportedFile, importJson, takeTitle } from "./markdown.ts";
import { resolveLink } from "./names.ts";
import { insertDoc } from "./repo.ts";
import { BadZipError, readZip, type ZipEntry } from "./zip-read.ts";

export const importInvalid = (reason: string) => new AppError(400, WIKI_ERRORS.importInvalid, { reason });

/** What a zip may unpack to, together. */
const UNZIPPED_MAX = 100 * 1024 * 1024;
const MARKDOWN = /\.(md|markdown|txt)$/i;
const INDEX = /^(index|readme)\.(md|markdown)$/i;

/** A document to make: its title fallback, the Markdown file giving its text (if any), its sub-documents. */
interface Plan {
  name: string;
  mdPath: string | null;
  children: Plan[];
  // Filled while checking:
  title?: string;
  json?: JSONContent;
  id?: number;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
/** A text file's characters: UTF-8 (BOM dropped), else CP949. */
function decodeText(bytes: Uint8Array): string {
  let s: string;
  try {
    s = utf8.decode(bytes);
  } catch {
    s = new TextDecoder("euc-kr").decode(bytes);
  }
  return s.replace(/^\uFEFF/, "").normalize("NFC");
}

const stripExt = (name: string) => name.replace(/\.[^.]+$/, "") || name;
const hidden = (path: string) => path.startsWith("__MACOSX/") || path.split("/").some((s) => s.startsWith(".") || s === "");

/** The documents a zip's entries make (see the header). */
function planZip(entries: ZipEntry[]): Plan[] {
  interface Folder {
    name: string;
    path: string;
    items: (Folder | { file: string })[];
    folders: Map<string, Folder>;
  }
  const root: Folder = { name: "", path: "", items: [], folders: new Map() };
  for (const e of entries) {
    if (hidden(e.name) || !MARKDOWN.test(e.name)) continue;
    const segs = e.name.split("/");
    let f = root;
    for (const seg of segs.slice(0, -1)) {
      let next = f.folders.get(seg);
      if (!next) {
        next = { name: seg, path: `${f.path}${seg}/`, items: [], folders: new Map() };
        f.folders.set(seg, next);
        f.items.push(next);
      }
      f = next;
    }
    f.items.push({ file: e.name });
  }
  const base = (p: string) => p.split("/").pop()!;
  const toPlans = (f: Folder): Plan[] => {
    const files = f.items.filter((i): i is { file: string } => "file" in i);
    // A "<folder>.md" beside a folder without its own index is the folder's text.
    const beside = new Map<string, string>();
    for (const sub of f.folders.values()) {
      if (sub.items.some((i) => "file" in i && INDEX.test(base(i.file)))) continue;
      const md = files.find((i) => stripExt(base(i.file)) === sub.name);
      if (md) beside.set(md.file, sub.name);
    }
    const plans: Plan[] = [];
    for (const item of f.items) {
      if ("file" in item) {
        if (beside.has(item.file) || (f !== root && INDEX.test(base(item.file)))) continue;
        plans.push({ name: stripExt(base(item.file)), mdPath: item.file, children: [] });
      } else {
        const index = item.items.find((i): i is { file: string } => "file" in i && INDEX.test(base(i.file)));
        const own = index?.file ?? [...beside].find(([, name]) => name === item.name)?.[0] ?? null;
        plans.push({ name: item.name, mdPath: own, children: toPlans(item) });
      }
    }
    return plans;
  };
  return toPlans(root);
}

const count = (plans: Plan[]): number => plans.reduce((n, p) => n + 1 + count(p.children), 0);
const depth = (plans: Plan[]): number => plans.reduce((n, p) => Math.max(n, 1 + depth(p.children)), 0);
const each = (plans: Plan[], fn: (p: Plan) => void) => plans.forEach((p) => (fn(p), each(p.children, fn)));

/** The relative references of a document's JSON: image sources and links of link-only paragraphs. */
function fileRefs(json: JSONContent): string[] {
  const out: string[] = [];
  const walk = (n: JSONContent) => {
    if (n.type === "image" && n.attrs?.src) out.push(String(n.attrs.src));
    if (n.type === "paragraph" && n.content?.length === 1) {
      const link = n.content[0].marks?.find((m) => m.type === "link");
      if (link) out.push(String(link.attrs?.href ?? ""));
    }
    (n.content ?? []).forEach(walk);
  };
  walk(json);
  return out;
}

const IMAGE_EXT: Record<string, string> = {
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", bmp: "image/bmp", avif: "image/avif",
};
const OTHER_EXT: Record<string, string> = {
  pdf: "application/pdf", txt: "text/plain", csv: "text/csv", zip: "application/zip", json: "application/json",
  doc: "application/msword", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint", pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  hwp: "application/x-hwp", svg: "image/svg+xml", mp4: "video/mp4", mp3: "audio/mpeg",
};
const typeOfName = (name: string) => {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";
  return contentTypeOf(IMAGE_EXT[ext] ?? OTHER_EXT[ext] ?? "application/octet-stream");
};

export interface ImportFile {
  name: string;
  /** The uploaded file's temporary path. */
  path: string;
}

export async function importMarkdown(caller: Caller, file: ImportFile, parentId: number | null): Promise<WikiSummary[]> {
  const { deps, auth } = caller;
  const parent = parentId === null ? null : await requireDoc(caller, parentId, "WRITE", { published: true });
  const bytes = new Uint8Array(await readFile(file.path));
  const name = file.name.normalize("NFC");
  const isZip = /\.zip$/i.test(name) || (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04);

  // Read and check everything first.
  let plans: Plan[];
  const entries = new Map<string, Uint8Array>();
  if (isZip) {
    try {
      for (const e of readZip(bytes, UNZIPPED_MAX)) if (!hidden(e.name) && !entries.has(e.name)) entries.set(e.name, e.bytes);
    } catch (e) {
      if (e instanceof BadZipError) throw importInvalid("zip");
      throw e;
    }
    plans = planZip([...entries].map(([n, b]) => ({ name: n, bytes: b })));
  } else if (MARKDOWN.test(name)) {
    const path = fileName(name);
    entries.set(path, bytes);
    plans = [{ name: stripExt(path), mdPath: path, children: [] }];
  } else throw importInvalid("type");
  if (!plans.length) throw importInvalid("empty");
  if (count(plans) > IMPORT_DOCS_MAX) throw importInvalid("too_many");
  if ((parent?.depth ?? 0) + depth(plans) > DEPTH_MAX) throw importInvalid("too_deep");

  // Texts and titles; the zip files each document refers to.
  const mdToPlan = new Map<string, Plan>();
  const wanted = new Map<Plan, Set<string>>();
  let totalBytes = 0;
  each(plans, (p) => {
    const md = p.mdPath ? markdownToJson(decodeText(entries.get(p.mdPath)!)) : { type: "doc", content: [] };
    const { title, body } = takeTitle(md);
    p.title = (title ?? p.name).normalize("NFC").replace(/[\r\n\t]+/g, " ").trim().slice(0, TITLE_MAX);
    p.json = body;
    if (!p.mdPath) return;
    mdToPlan.set(p.mdPath, p);
    const refs = new Set<string>();
    for (const href of fileRefs(body)) {
      const target = resolveLink(p.mdPath, href);
      if (target && entries.has(target) && !MARKDOWN.test(target) && !refs.has(target)) {
        refs.add(target);
        totalBytes += entries.get(target)!.length;
      }
    }
    wanted.set(p, refs);
  });

  // The blobs (new ones are remembered, to be removed if the import fails).
  const added: string[] = [];
  const blobOf = new Map<string, { key: string; size: number }>();
  const now = deps.clock.now();
  try {
    const summaries = await deps.db.transaction(async (tx) => {
      await requireRoom(tx, auth.companyId, auth.userId, totalBytes);
      for (const refs of wanted.values()) {
        for (const path of refs) {
          if (blobOf.has(path)) continue;
          const b = entries.get(path)!;
          const key = createHash("sha256").update(b).digest("hex");
          if ((await deps.blobs.size(key)) === null) added.push(key);
          blobOf.set(path, await deps.blobs.put(b));
        }
      }
      // The rows, parents first; then path, depth and acl_from from the parent.
      const insert = async (list: Plan[], under: number | null, top: boolean) => {
        for (const [i, p] of list.entries()) {
          p.id = await insertDoc(tx, { companyId: auth.companyId, parentId: under, title: "", sortOrder: i, userId: auth.userId, at: now });
          if (top) await placeAmongSiblings(tx, auth.companyId, under, p.id, "last"); // after the parent's children
          await insert(p.children, p.id, false);
        }
      };
      await insert(plans, parentId, true);
      for (const p of plans) await refreshSubtree(tx, auth.companyId, p.id!);

      const docHref = (from: string, href: string) => {
        const target = resolveLink(from, href);
        const p = target ? mdToPlan.get(target) : undefined;
        return p ? `#/wiki/docs/${p.id}` : null;
      };
      const all: Plan[] = [];
      each(plans, (p) => all.push(p));
      for (const p of all) {
        let json = p.json!;
        if (p.mdPath) {
          const stored = new Map<string, ImportedFile>();
          for (const path of wanted.get(p) ?? []) {
            const blob = blobOf.get(path)!;
            const fname = fileName(path);
            const type = typeOfName(fname);
            const row = await insertFile(tx, {
              companyId: auth.companyId, docId: p.id!, uploaderId: auth.userId, name: fname, size: blob.size, contentType: type,
              blobKey: blob.key, createdAt: now,
            });
            stored.set(path, { fileId: row.id, name: fname, size: blob.size, image: isImageType(type) });
          }
          const from = p.mdPath;
          json = importJson(json, {
            file: (href) => {
              const target = resolveLink(from, href);
              return target ? stored.get(target) ?? null : null;
            },
            doc: (href) => docHref(from, href),
          });
        }
        await writeContent(tx, p.id!, auth.userId, { title: p.title!, html: jsonToHtml(json) }, now);
      }
      return await summariesOf(caller, tx, plans);
    });
    for (const s of summaries) await publishWikiChanged(deps, auth.companyId, { docId: s.id, parentId, kind: "created" });
    return summaries;
  } catch (e) {
    for (const key of added) await deps.blobs.deleteIfUntouchedSince(key, new Date(8.64e15)).catch(() => {});
    throw e;
  }
}

async function summariesOf(caller: Caller, tx: DbOrTx, plans: Plan[]): Promise<WikiSummary[]> {
  const ids = plans.map((p) => p.id!);
  const rows = await summaryRows(tx, caller.auth, {
    where: sql`d.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`, orderBy: sql`d.sort_order, d.id`, limit: ids.length, offset: 0, minRank: 0,
  });
  return rows.map((r) => toSummary(r));
}
