// ICS in and out over HTTP (issue 23 "In and out"; shapes in shared/calendar/inout.ts): a file of at most
// 10 MB read as it streams in (the 413 comes before anything is parsed), imported into a calendar the user
// may write (each object on its own: one that the core cannot store is reported, the rest go in; an object
// whose UID the calendar has already replaces it); a calendar or one event exported with its VTIMEZONEs.
import { and, eq, inArray } from "drizzle-orm";
import { calendarEvents } from "../../../../db/schema/index.ts";
import { CALENDAR_PRIVILEGE, DEFAULT_TIMEZONE } from "../../../../shared/calendar/constants.ts";
import type { IcsImportReport } from "../../../../shared/calendar/inout.ts";
import type { Caller } from "../../../lib/context.ts";
import { notFound } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { requireCalendar, viewerOf } from "../calendars/access.ts";
import { loadEvent, requireWritableCalendar } from "../events/service.ts";
import { type Extracted, extract, insertObject, insertObjects, updateObject, type WriteResult } from "../events/store.ts";
import { exportCalendar, exportEvent, type IcsObject, IcsTooLargeError, MAX_ICS_BYTES, parseIcsFile } from "../ics/index.ts";
import type { Tx } from "../../../../db/client.ts";
import { audienceOf, publishToUsers } from "../realtime.ts";

/** Objects stored per transaction by an import. */
const IMPORT_CHUNK = 200;

/** The bytes of a request body, refused (413 calendar.ics_too_large) as soon as they pass MAX_ICS_BYTES. */
export async function readLimited(body: ReadableStream<Uint8Array> | null, declared: number | null): Promise<Uint8Array> {
  if (declared !== null && declared > MAX_ICS_BYTES) {
    await body?.cancel().catch(() => {});
    throw new IcsTooLargeError(declared);
  }
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ICS_BYTES) {
      await reader.cancel().catch(() => {});
      throw new IcsTooLargeError(size);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** POST import?calendarId=: the file's events into the calendar. */
export async function importIcs(caller: Caller, calendarId: number, bytes: Uint8Array): Promise<IcsImportReport> {
  const v = await viewerOf(caller);
  const cal = await requireWritableCalendar(caller, v, calendarId);
  const file = parseIcsFile(bytes, { timezone: DEFAULT_TIMEZONE });
  const report: IcsImportReport = {
    created: 0, updated: 0, eventCount: file.eventCount,
    errors: file.errors.map((e) => ({ index: e.index, uid: e.uid, code: e.code })),
    warnings: file.warnings.map((e) => ({ index: e.index, uid: e.uid, code: e.code })),
  };
  const users = new Set<number>();
  const deps = caller.deps;
  type Outcome = { obj: IcsObject; result?: { updated: boolean } & WriteResult; error?: unknown };
  // Objects go in by chunks, one transaction each. The chunk's new objects go in together (store.ts
  // insertObjects: a few statements for them all); objects whose UID the calendar has replace theirs one by
  // one, each in a savepoint of its own, so one the core cannot store is reported and rolled back alone.
  // New objects the batch could not store are tried one by one the same way; a chunk that fails as a whole
  // (a conflict with another write) is tried again object by object, each in its own transaction.
  const storeOne = async (tx: Tx, obj: IcsObject) => {
    const [existing] = await tx.select().from(calendarEvents)
      .where(and(eq(calendarEvents.companyId, v.companyId), eq(calendarEvents.calendarId, cal.id), eq(calendarEvents.uid, obj.uid)))
      .for("update");
    if (existing) return { updated: true, ...await updateObject(tx, deps, existing, obj.text) };
    return { updated: false, ...await insertObject(tx, deps, { companyId: v.companyId, calendarId: cal.id, ownerUserId: v.userId, text: obj.text }) };
  };
  const storeChunk = async (tx: Tx, chunk: IcsObject[]): Promise<Outcome[]> => {
    const out: Outcome[] = [];
    const existing = new Map((await tx.select().from(calendarEvents).where(and(
      eq(calendarEvents.companyId, v.companyId), eq(calendarEvents.calendarId, cal.id), inArray(calendarEvents.uid, chunk.map((o) => o.uid)),
    )).for("update")).map((r) => [r.uid, r]));
    const fresh: { obj: IcsObject; x: Extracted }[] = [];
    for (const obj of chunk) {
      const row = existing.get(obj.uid);
      try {
        if (!row) fresh.push({ obj, x: extract(obj.text) });
        else out.push({ obj, result: { updated: true, ...await tx.transaction((sp) => updateObject(sp, deps, row, obj.text)) } });
      } catch (e) {
        out.push({ obj, error: e });
      }
    }
    if (!fresh.length) return out;
    try {
      const written = await tx.transaction((sp) =>
        insertObjects(sp, deps, { companyId: v.companyId, calendarId: cal.id, ownerUserId: v.userId, objects: fresh.map((f) => ({ text: f.obj.text, x: f.x })) }));
      written.forEach((w, i) => out.push({ obj: fresh[i].obj, result: { updated: false, ...w } }));
    } catch {
      for (const { obj } of fresh) {
        try {
          out.push({ obj, result: await tx.transaction((sp) => storeOne(sp, obj)) });
        } catch (e) {
          out.push({ obj, error: e });
        }
      }
    }
    return out;
  };
  const failed = (obj: IcsObject, e: unknown) => {
    deps.log.warn("calendar import: object not stored", { uid: obj.uid, error: String(e) });
    report.errors.push({ index: obj.indexes[0] ?? -1, uid: obj.uid, code: "ics.parse_error" });
  };
  for (let i = 0; i < file.objects.length; i += IMPORT_CHUNK) {
    const chunk = file.objects.slice(i, i + IMPORT_CHUNK);
    let outcome: Outcome[];
    try {
      outcome = await transactionWithRetry(deps.db, (tx) => storeChunk(tx, chunk));
    } catch {
      outcome = [];
      for (const obj of chunk) {
        try {
          outcome.push({ obj, result: await transactionWithRetry(deps.db, (tx) => storeOne(tx, obj)) });
        } catch (e) {
          outcome.push({ obj, error: e });
        }
      }
    }
    for (const o of outcome) {
      if (!o.result) {
        failed(o.obj, o.error);
        continue;
      }
      if (o.result.updated) report.updated++;
      else report.created++;
      for (const id of o.result.attendeeUserIds) users.add(id);
    }
  }
  report.errors.sort((a, b) => a.index - b.index);
  if (report.created + report.updated > 0) {
    const audience = await audienceOf(caller.deps.db, v.companyId, [cal.id]);
    await publishToUsers(caller.deps, v.companyId, [...audience, ...users], { calendarId: cal.id });
  }
  return report;
}

export interface IcsFile {
  filename: string;
  text: string;
}

function safeName(title: string): string {
  return (title.replace(/[\\/:*?"<>|\r\n\t]+/g, " ").trim() || "calendar").slice(0, 80);
}

/** GET export/{calendarId}: every object of a calendar the caller may read. */
export async function exportCalendarFile(caller: Caller, calendarId: number): Promise<IcsFile> {
  const v = await viewerOf(caller);
  const { cal } = await requireCalendar(caller, v, calendarId, CALENDAR_PRIVILEGE.READ);
  const rows = await caller.deps.db.select({ ical: calendarEvents.ical }).from(calendarEvents)
    .where(and(eq(calendarEvents.companyId, v.companyId), eq(calendarEvents.calendarId, cal.id))).orderBy(calendarEvents.id);
  const text = exportCalendar(rows.map((r) => r.ical), {
    name: cal.title, timezone: DEFAULT_TIMEZONE, now: caller.deps.clock.now(),
    onSkip: (index, error) => caller.deps.log.error("calendar export: object skipped", { calendarId, index, error: String(error) }),
  });
  return { filename: `${safeName(cal.title)}.ics`, text };
}

/** GET export/event/{id}: one event (the whole series) the caller may read in full. */
export async function exportEventFile(caller: Caller, idText: string): Promise<IcsFile> {
  const v = await viewerOf(caller);
  const e = await loadEvent(caller, v, idText);
  if (e.access.privilege < CALENDAR_PRIVILEGE.READ) throw notFound();
  return { filename: `${safeName(e.row.summary)}.ics`, text: exportEvent(e.row.ical, { now: caller.deps.clock.now() }) };
}

/** The file as an answer: a download (export), or inline for calendar programs (feeds). */
export function icsResponse(file: IcsFile, opts: { download?: boolean } = {}): Response {
  const kind = opts.download === false ? "inline" : "attachment";
  return new Response(file.text, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `${kind}; filename="${file.filename.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "")}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "cache-control": "no-store",
    },
  });
}
