// The Drive API v3 part of the stand-in Google (tests/support/google-standin.ts mounts it under /drive/v3),
// for the drive's Google Drive tests. One account sees every file stored here. As Google does:
//   GET /drive/v3/files                 q (the query language: and, or, not, parentheses; trashed, parents,
//                                       owners, sharedWithMe, name, fullText, mimeType, modifiedTime,
//                                       createdTime), orderBy (folder, modifiedTime, createdTime, name, each
//                                       with desc), fields (nextPageToken, files(a,b(c))), pageSize (default
//                                       100, at most 1000), pageToken; a bad query answers 400 invalid
//   GET /drive/v3/files/{id}            fields; alt=media: the bytes (403 fileNotDownloadable for Google's own
//                                       types and folders)
//   GET /drive/v3/files/{id}/export     mimeType: Google's own types only (403 otherwise), an allowed format
//                                       only (400 badRequest otherwise); the bytes are exportBytes()
// Without the drive scope every call answers 403 insufficientPermissions. The response without `fields` has
// Google's default fields (kind, id, name, mimeType).
import { GOOGLE_DRIVE_SCOPE } from "../../shared/external-services.ts";

export interface StandinDriveFile {
  id: string;
  name: string;
  mimeType: string;
  /** Default: My Drive's root. */
  parents?: string[];
  createdTime?: string;
  modifiedTime?: string;
  /** Default true; false with sharedWithMe for another's file. */
  ownedByMe?: boolean;
  sharedWithMe?: boolean;
  ownerName?: string;
  shared?: boolean;
  trashed?: boolean;
  /** The bytes of a binary file, or the text of a Google Doc (what fullText searches). */
  content?: string | Uint8Array;
  shortcutDetails?: { targetId: string; targetMimeType: string };
}

const GOOGLE_APPS = "application/vnd.google-apps.";
export const STANDIN_ROOT = "0AStandinRootFolder";
const EXPORTS: Record<string, string[]> = {
  "application/vnd.google-apps.document": [
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/pdf", "text/plain",
  ],
  "application/vnd.google-apps.spreadsheet": ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/pdf", "text/csv"],
  "application/vnd.google-apps.presentation": ["application/vnd.openxmlformats-officedocument.presentationml.presentation", "application/pdf"],
  "application/vnd.google-apps.drawing": ["application/pdf", "image/png"],
};

/** What an export of `file` to `mimeType` answers (the tests compare downloads with it). */
export function exportBytes(file: Pick<StandinDriveFile, "id" | "content">, mimeType: string): Uint8Array {
  const text = typeof file.content === "string" ? file.content : "";
  return new TextEncoder().encode(`export of ${file.id} as ${mimeType}\n${text}`);
}

// ---- the query language -----------------------------------------------------------------------------------

type Tok = { t: "str"; v: string } | { t: "word"; v: string } | { t: "op"; v: string } | { t: "(" } | { t: ")" };
type Node =
  | { k: "and" | "or"; a: Node; b: Node }
  | { k: "not"; a: Node }
  | { k: "cmp"; field: string; op: string; value: string | boolean }
  | { k: "in"; value: string; field: string }
  | { k: "flag"; field: string };

class QueryError extends Error {}

function tokens(q: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q[i];
    if (/\s/.test(ch)) i++;
    else if (ch === "(" || ch === ")") out.push({ t: ch }), i++;
    else if (ch === "'") {
      let v = "";
      i++;
      for (;;) {
        if (i >= q.length) throw new QueryError("unterminated string");
        if (q[i] === "\\") v += q[i + 1] ?? "", i += 2;
        else if (q[i] === "'") break;
        else v += q[i++];
      }
      i++;
      out.push({ t: "str", v });
    } else if (/[<>=!]/.test(ch)) {
      const m = /^(<=|>=|!=|=|<|>)/.exec(q.slice(i));
      if (!m) throw new QueryError(`bad operator at ${i}`);
      out.push({ t: "op", v: m[1] }), i += m[1].length;
    } else {
      const m = /^[A-Za-z][\w.]*/.exec(q.slice(i));
      if (!m) throw new QueryError(`unexpected ${ch}`);
      out.push({ t: "word", v: m[0] }), i += m[0].length;
    }
  }
  return out;
}

const FIELDS = new Set(["trashed", "name", "fullText", "mimeType", "modifiedTime", "createdTime", "sharedWithMe", "starred"]);

function parse(q: string): Node {
  const ts = tokens(q);
  let p = 0;
  const peekWord = (w: string) => ts[p]?.t === "word" && (ts[p] as { v: string }).v.toLowerCase() === w;
  function or(): Node {
    let a = and();
    while (peekWord("or")) p++, a = { k: "or", a, b: and() };
    return a;
  }
  function and(): Node {
    let a = unary();
    while (peekWord("and")) p++, a = { k: "and", a, b: unary() };
    return a;
  }
  function unary(): Node {
    if (peekWord("not")) return p++, { k: "not", a: unary() };
    const t = ts[p++];
    if (!t) throw new QueryError("unexpected end");
    if (t.t === "(") {
      const e = or();
      if (ts[p++]?.t !== ")") throw new QueryError("missing )");
      return e;
    }
    if (t.t === "str") {
      if (!peekWord("in")) throw new QueryError("expected in");
      p++;
      const f = ts[p++];
      if (f?.t !== "word" || !["parents", "owners", "writers", "readers"].includes(f.v)) throw new QueryError("bad collection");
      return { k: "in", value: t.v, field: f.v };
    }
    if (t.t !== "word" || !FIELDS.has(t.v)) throw new QueryError(`unknown field ${JSON.stringify(t)}`);
    const next = ts[p];
    if (next?.t === "op" || (next?.t === "word" && next.v === "contains")) {
      p++;
      const op = (next as { v: string }).v;
      const v = ts[p++];
      if (v?.t === "str") return { k: "cmp", field: t.v, op, value: v.v };
      if (v?.t === "word" && (v.v === "true" || v.v === "false")) return { k: "cmp", field: t.v, op, value: v.v === "true" };
      throw new QueryError("bad value");
    }
    if (t.v === "sharedWithMe" || t.v === "starred") return { k: "flag", field: t.v };
    throw new QueryError(`operator expected after ${t.v}`);
  }
  const e = or();
  if (p !== ts.length) throw new QueryError("trailing tokens");
  return e;
}

/** Google's name "contains": a prefix of the name or of one of its words. */
const namePrefix = (name: string, v: string) => {
  const n = name.toLowerCase();
  const x = v.toLowerCase();
  return n.startsWith(x) || n.split(/[\s._\-()[\]]+/).some((w) => w.startsWith(x));
};

function matches(n: Node, f: Required<Pick<StandinDriveFile, "parents" | "ownedByMe">> & StandinDriveFile, me: string): boolean {
  switch (n.k) {
    case "and": return matches(n.a, f, me) && matches(n.b, f, me);
    case "or": return matches(n.a, f, me) || matches(n.b, f, me);
    case "not": return !matches(n.a, f, me);
    case "flag": return n.field === "sharedWithMe" ? !!f.sharedWithMe : false;
    case "in":
      if (n.field === "parents") return f.parents.includes(n.value === "root" ? STANDIN_ROOT : n.value);
      if (n.field === "owners") return (n.value === "me" || n.value === me) && f.ownedByMe;
      return false;
    case "cmp": {
      const v = n.value;
      if (n.field === "trashed") {
        if (typeof v !== "boolean" || (n.op !== "=" && n.op !== "!=")) throw new QueryError("trashed takes = true|false");
        return (!!f.trashed === v) === (n.op === "=");
      }
      if (n.field === "sharedWithMe") return !!f.sharedWithMe === v;
      if (typeof v !== "string") throw new QueryError("string expected");
      if (n.field === "name") {
        if (n.op === "contains") return namePrefix(f.name, v);
        if (n.op === "=") return f.name === v;
        if (n.op === "!=") return f.name !== v;
        throw new QueryError("bad name operator");
      }
      if (n.field === "fullText") {
        if (n.op !== "contains") throw new QueryError("fullText takes contains");
        const text = `${f.name} ${typeof f.content === "string" ? f.content : ""}`.toLowerCase();
        return text.includes(v.toLowerCase());
      }
      if (n.field === "mimeType") {
        if (n.op === "=") return f.mimeType === v;
        if (n.op === "!=") return f.mimeType !== v;
        if (n.op === "contains") return f.mimeType.includes(v);
        throw new QueryError("bad mimeType operator");
      }
      // modifiedTime, createdTime: RFC 3339, UTC when no zone is given.
      const at = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
      if (Number.isNaN(at)) throw new QueryError("bad time");
      const t = Date.parse((n.field === "modifiedTime" ? f.modifiedTime : f.createdTime)!);
      const ops: Record<string, boolean> = { "<": t < at, "<=": t <= at, ">": t > at, ">=": t >= at, "=": t === at, "!=": t !== at };
      if (!(n.op in ops)) throw new QueryError("bad time operator");
      return ops[n.op];
    }
  }
}

// ---- fields -----------------------------------------------------------------------------------------------

type FieldSpec = Map<string, FieldSpec | null>;

function parseFields(s: string): FieldSpec {
  let i = 0;
  function list(): FieldSpec {
    const out: FieldSpec = new Map();
    for (;;) {
      const m = /^\s*([\w*]+(?:\/[\w*]+)*)\s*/.exec(s.slice(i));
      if (!m) throw new QueryError("bad fields");
      i += m[0].length;
      const path = m[1].split("/");
      let sub: FieldSpec | null = null;
      if (s[i] === "(") {
        i++;
        sub = list();
        if (s[i++] !== ")") throw new QueryError("bad fields");
      }
      // a/b/c is a(b(c)).
      let node: FieldSpec | null = sub;
      for (let k = path.length - 1; k > 0; k--) node = new Map([[path[k], node]]);
      out.set(path[0], node);
      if (s[i] === ",") i++;
      else return out;
    }
  }
  const out = list();
  if (i !== s.length) throw new QueryError("bad fields");
  return out;
}

function project(value: unknown, spec: FieldSpec | null): unknown {
  if (spec === null || spec.has("*")) return value;
  if (Array.isArray(value)) return value.map((v) => project(v, spec));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, sub] of spec) if ((value as Record<string, unknown>)[k] !== undefined) out[k] = project((value as Record<string, unknown>)[k], sub);
  return out;
}

// ---- the store and its calls ------------------------------------------------------------------------------

export interface DriveStandin {
  files: Map<string, StandinDriveFile>;
  /** The query of every files.list call, in order. */
  listRequests: URLSearchParams[];
  counts: { list: number; get: number; media: number; export: number };
  putFile(f: StandinDriveFile): void;
  handle(url: URL, scope: string): Response | null;
}

export function driveStandin(base: string, account: { email: string; name: string }): DriveStandin {
  const files = new Map<string, StandinDriveFile>();
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const apiError = (status: number, message: string, reason: string) => json({ error: { code: status, message, errors: [{ domain: "global", reason, message }] } }, status);
  const bytesOf = (c: StandinDriveFile["content"]) => (typeof c === "string" ? new TextEncoder().encode(c) : c ?? new Uint8Array());
  const full = (f: StandinDriveFile) => ({ ...f, parents: f.parents ?? [STANDIN_ROOT], ownedByMe: f.ownedByMe ?? true });

  function resource(f: StandinDriveFile): Record<string, unknown> {
    const ff = full(f);
    const apps = f.mimeType.startsWith(GOOGLE_APPS);
    const out: Record<string, unknown> = {
      kind: "drive#file", id: f.id, name: f.name, mimeType: f.mimeType, parents: ff.parents, trashed: !!f.trashed,
      webViewLink: f.mimeType === `${GOOGLE_APPS}folder` ? `https://drive.google.com/drive/folders/${f.id}` : `https://drive.google.com/file/d/${f.id}/view?usp=drivesdk`,
      createdTime: f.createdTime, modifiedTime: f.modifiedTime,
      owners: [ff.ownedByMe ? { kind: "drive#user", displayName: account.name, emailAddress: account.email, me: true } : { kind: "drive#user", displayName: f.ownerName ?? "Someone Else", me: false }],
      ownedByMe: ff.ownedByMe, shared: !!(f.shared ?? f.sharedWithMe),
    };
    if (!apps) out.size = String(bytesOf(f.content).length); // int64 as a string, as Google sends it
    if (EXPORTS[f.mimeType]) out.exportLinks = Object.fromEntries(EXPORTS[f.mimeType].map((m) => [m, `${base}/export?id=${f.id}&exportFormat=${encodeURIComponent(m)}`]));
    if (f.shortcutDetails) out.shortcutDetails = f.shortcutDetails;
    return out;
  }

  function fieldsOf(url: URL, fallback: string): FieldSpec {
    return parseFields(url.searchParams.get("fields") || fallback);
  }

  function list(url: URL): Response {
    const p = url.searchParams;
    self.listRequests.push(new URLSearchParams(p));
    self.counts.list++;
    try {
      const q = p.get("q") ? parse(p.get("q")!) : null;
      const spec = fieldsOf(url, "kind,incompleteSearch,nextPageToken,files(kind,id,name,mimeType)");
      const order = (p.get("orderBy") ?? "").split(",").map((s) => s.trim()).filter(Boolean).map((s) => {
        const [key, dir, extra] = s.split(/\s+/);
        if (extra || (dir && dir !== "desc") || !["folder", "modifiedTime", "createdTime", "name", "name_natural"].includes(key)) throw new QueryError(`bad orderBy ${s}`);
        return { key, desc: dir === "desc" };
      });
      const size = Math.min(Number(p.get("pageSize") ?? 100) || 100, 1000);
      const offset = p.get("pageToken") ? Number(atob(p.get("pageToken")!).replace(/^o/, "")) : 0;
      if (!Number.isInteger(offset) || offset < 0) throw new QueryError("bad pageToken");
      let found = [...files.values()].map(full).filter((f) => !q || matches(q, f, account.email));
      const keyOf = (f: StandinDriveFile, key: string): string | number =>
        key === "folder" ? (f.mimeType === `${GOOGLE_APPS}folder` ? 0 : 1) : key === "modifiedTime" ? Date.parse(f.modifiedTime!) : key === "createdTime" ? Date.parse(f.createdTime!) : f.name.toLowerCase();
      found = found.sort((a, b) => {
        for (const o of order) {
          const x = keyOf(a, o.key), y = keyOf(b, o.key);
          if (x !== y) return (x < y ? -1 : 1) * (o.desc ? -1 : 1);
        }
        return 0;
      });
      const page = found.slice(offset, offset + size);
      const body: Record<string, unknown> = { kind: "drive#fileList", incompleteSearch: false, files: page.map(resource) };
      if (offset + size < found.length) body.nextPageToken = btoa(`o${offset + size}`);
      return json(project(body, spec));
    } catch (e) {
      if (e instanceof QueryError || e instanceof DOMException) return apiError(400, `Invalid Value (${(e as Error).message})`, "invalid");
      throw e;
    }
  }

  function get(url: URL, id: string): Response {
    const f = files.get(id);
    if (!f) return apiError(404, `File not found: ${id}.`, "notFound");
    if (url.searchParams.get("alt") === "media") {
      self.counts.media++;
      if (f.mimeType.startsWith(GOOGLE_APPS)) return apiError(403, "Only files with binary content can be downloaded. Use Export with Docs Editors files.", "fileNotDownloadable");
      const bytes = bytesOf(f.content);
      return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": f.mimeType, "content-length": String(bytes.length) } });
    }
    self.counts.get++;
    try {
      return json(project(resource(f), fieldsOf(url, "kind,id,name,mimeType")));
    } catch (e) {
      if (e instanceof QueryError) return apiError(400, "Invalid field selection", "invalidParameter");
      throw e;
    }
  }

  function exportFile(url: URL, id: string): Response {
    const f = files.get(id);
    if (!f) return apiError(404, `File not found: ${id}.`, "notFound");
    self.counts.export++;
    const mime = url.searchParams.get("mimeType") ?? "";
    if (!EXPORTS[f.mimeType]) return apiError(403, "Export only supports Docs Editors files.", "fileNotExportable");
    if (!EXPORTS[f.mimeType].includes(mime)) return apiError(400, "The requested conversion is not supported.", "badRequest");
    const bytes = exportBytes(f, mime);
    return new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": mime, "content-length": String(bytes.length) } });
  }

  const self: DriveStandin = {
    files,
    listRequests: [],
    counts: { list: 0, get: 0, media: 0, export: 0 },
    putFile(f) {
      const now = new Date().toISOString();
      files.set(f.id, { createdTime: f.modifiedTime ?? now, modifiedTime: now, ...f });
    },
    handle(url, scope) {
      const m = /^\/drive\/v3\/files(?:\/([^/]+)(\/export)?)?$/.exec(url.pathname);
      if (!m) return null;
      const scopes = scope.split(" ");
      if (!scopes.includes(GOOGLE_DRIVE_SCOPE) && !scopes.includes("https://www.googleapis.com/auth/drive")) {
        return apiError(403, "Request had insufficient authentication scopes.", "insufficientPermissions");
      }
      if (!m[1]) return list(url);
      const id = decodeURIComponent(m[1]);
      return m[2] ? exportFile(url, id) : get(url, id);
    },
  };
  return self;
}
