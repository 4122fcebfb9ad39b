// The tools an assistant of the TOOLS category (and the chat without an assistant) may call (shared/assistant/
// constants.ts ASSISTANT_TOOLS), each run with the caller's own permissions only, through the other modules'
// services (what the caller could see in those modules, and nothing more):
//   search_mail          the caller's mail (mail search: every folder but trash and spam), newest first
//   calendar_events      the occurrences in a date range of the caller's own calendars and those they show
//   calendar_free_times  the caller's free slots in working hours (their busy times from the free/busy service)
//   find_colleague       the company directory (organisation service: name or address, as the caller may see)
// The model gets the full result as JSON; the chat shows a short summary of each call.
import { z } from "zod";
import type { ToolCall, ToolInfo } from "../../../shared/assistant/api.ts";
import { ASSISTANT_TOOLS, type AssistantToolName } from "../../../shared/assistant/constants.ts";
import { DEFAULT_TIMEZONE } from "../../../shared/calendar/constants.ts";
import { searchOptions } from "../../../shared/mail/search.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { find as findCalendars } from "../calendar/calendars/service.ts";
import { list as listEvents } from "../calendar/events/service.ts";
import { freeBusy } from "../calendar/events/lookup.ts";
import { addDays, apiTimeToInstant, dateString, parseDate, wallOf } from "../calendar/events/zone.ts";
import { runSearch } from "../mail/search/service.ts";
import { directory } from "../organizations/service.ts";
import type { ModelTool } from "./model-client.ts";

const RANGE_DAYS_MAX = 31;
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD");
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a time HH:MM");

const TOOL_DEFS: Record<AssistantToolName, { description: string; parameters: Record<string, unknown>; args: z.ZodType }> = {
  search_mail: {
    description: "Search the user's own mailbox (subject, addresses, body, attachment names). Newest mails first.",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words to search for" },
        period: { type: "string", enum: ["1d", "1w", "1m", "3m", "6m", "1y", "all"], description: "How far back (default all)" },
        limit: { type: "integer", minimum: 1, maximum: 10, description: "At most this many mails (default 5)" },
      },
      required: ["query"],
    },
    args: z.object({ query: z.string().trim().min(1).max(100), period: z.enum(["1d", "1w", "1m", "3m", "6m", "1y", "all"]).default("all"), limit: z.number().int().min(1).max(10).default(5) }),
  },
  calendar_events: {
    description: "List the events on the user's calendars between two dates (inclusive), in the user's time zone.",
    parameters: {
      type: "object",
      properties: { from: { type: "string", description: "First day, YYYY-MM-DD" }, to: { type: "string", description: "Last day, YYYY-MM-DD (inclusive)" } },
      required: ["from", "to"],
    },
    args: z.object({ from: date, to: date }),
  },
  calendar_free_times: {
    description: "Find the user's free time slots between two dates (inclusive) within working hours.",
    parameters: {
      type: "object",
      properties: {
        from: { type: "string", description: "First day, YYYY-MM-DD" },
        to: { type: "string", description: "Last day, YYYY-MM-DD (inclusive)" },
        dayStart: { type: "string", description: "Start of the working day, HH:MM (default 09:00)" },
        dayEnd: { type: "string", description: "End of the working day, HH:MM (default 18:00)" },
        minMinutes: { type: "integer", minimum: 5, maximum: 600, description: "Shortest slot worth listing in minutes (default 30)" },
        includeWeekends: { type: "boolean", description: "Also Saturdays and Sundays (default false)" },
      },
      required: ["from", "to"],
    },
    args: z.object({
      from: date, to: date, dayStart: hhmm.default("09:00"), dayEnd: hhmm.default("18:00"), minMinutes: z.number().int().min(5).max(600).default(30),
      includeWeekends: z.boolean().default(false),
    }),
  },
  find_colleague: {
    description: "Look up colleagues in the company directory by name or e-mail address: organisation, position, address.",
    parameters: { type: "object", properties: { query: { type: "string", description: "A name or part of an address" } }, required: ["query"] },
    args: z.object({ query: z.string().trim().min(1).max(100) }),
  },
};

/** GET tools. */
export function toolInfos(): ToolInfo[] {
  return ASSISTANT_TOOLS.map((name) => ({ name, parameters: TOOL_DEFS[name].parameters }));
}

/** The tools as the model is offered them. */
export function modelTools(): ModelTool[] {
  return ASSISTANT_TOOLS.map((name) => ({ type: "function", function: { name, description: TOOL_DEFS[name].description, parameters: TOOL_DEFS[name].parameters } }));
}

export interface ToolOutcome {
  call: ToolCall;
  /** What the model gets (JSON). */
  content: string;
}

class ToolInputError extends Error {}

function daysOf(from: string, to: string): { from: ReturnType<typeof parseDate> & object; to: ReturnType<typeof parseDate> & object; days: number } {
  const a = parseDate(from);
  const b = parseDate(to);
  if (!a || !b) throw new ToolInputError("dates must be real days YYYY-MM-DD");
  const days = Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000) + 1;
  if (days < 1) throw new ToolInputError("'to' is before 'from'");
  if (days > RANGE_DAYS_MAX) throw new ToolInputError(`at most ${RANGE_DAYS_MAX} days at once`);
  return { from: a, to: b, days };
}

const hm = (ms: number, zone: string) => {
  const w = wallOf(ms, zone);
  return `${dateString(w)} ${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
};

async function run(caller: Caller, name: AssistantToolName, args: Record<string, unknown>): Promise<{ summary: string; subject: string; count: number; result: unknown }> {
  const zone = DEFAULT_TIMEZONE;
  switch (name) {
    case "search_mail": {
      const a = TOOL_DEFS.search_mail.args.parse(args) as { query: string; period: string; limit: number };
      const opts = searchOptions.parse({ type: "all", folderId: "-1", query: a.query, timeRange: a.period === "all" ? undefined : a.period });
      const page = await runSearch(caller, opts, 0, a.limit, { requireWord: true });
      const mails = page.mails.map((m) => ({
        mailId: m.mailId, subject: m.subject, from: m.fromName ? `${m.fromName} <${m.fromAddress}>` : m.fromAddress,
        received: hm(m.receivedTimeMillis, zone), snippet: m.snippet, hasAttachment: m.hasAttach,
      }));
      return {
        summary: `"${a.query}": ${page.totalElements}${page.totalCapped ? "+" : ""} mail(s)`, subject: a.query, count: page.totalElements,
        result: { total: page.totalElements, mails },
      };
    }
    case "calendar_events": {
      const a = TOOL_DEFS.calendar_events.args.parse(args) as { from: string; to: string };
      const r = daysOf(a.from, a.to);
      const entries = await findCalendars(caller);
      const ids = entries.filter((e) => e.ownerUserId === caller.auth.userId || e.selected).map((e) => e.id);
      const names = new Map(entries.map((e) => [e.id, e.title]));
      const items = ids.length === 0 ? [] : await listEvents(caller, {
        calendars: ids, dtStart: dateString(r.from), dtEnd: dateString(addDays(r.to, 1)), timezone: zone,
      });
      const events = items.map((e) => ({
        title: e.name, start: e.isAllDay ? e.start : hm(Date.parse(e.start), zone), end: e.isAllDay ? e.end : hm(Date.parse(e.end), zone),
        allDay: e.isAllDay, location: e.location || undefined, calendar: names.get(e.calendarId) ?? undefined,
      }));
      const span = a.from === a.to ? a.from : `${a.from} – ${a.to}`;
      return { summary: `${span}: ${events.length} event(s)`, subject: span, count: events.length, result: { timezone: zone, events } };
    }
    case "calendar_free_times": {
      const a = TOOL_DEFS.calendar_free_times.args.parse(args) as { from: string; to: string; dayStart: string; dayEnd: string; minMinutes: number; includeWeekends: boolean };
      const r = daysOf(a.from, a.to);
      const end = dateString(addDays(r.to, 1));
      const [mine] = await freeBusy(caller, { userIds: [caller.auth.userId], emails: [], dtStart: dateString(r.from), dtEnd: end, timezone: zone });
      const busy = (mine?.busy ?? []).map((b) => ({
        s: apiTimeToInstant(b.start, zone)!,
        e: b.isAllDay ? apiTimeToInstant(dateString(addDays(parseDate(b.end)!, 1)), zone)! : apiTimeToInstant(b.end, zone)!,
      })).sort((x, y) => x.s - y.s);
      const free: { start: string; end: string; minutes: number }[] = [];
      for (let i = 0; i < r.days; i++) {
        const day = addDays(r.from, i);
        const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
        if (!a.includeWeekends && (weekday === 0 || weekday === 6)) continue;
        let cur = apiTimeToInstant(`${dateString(day)}T${a.dayStart}`, zone)!;
        const stop = apiTimeToInstant(`${dateString(day)}T${a.dayEnd}`, zone)!;
        for (const b of [...busy, { s: stop, e: stop }]) {
          if (b.e <= cur) continue;
          const until = Math.min(b.s, stop);
          if (until - cur >= a.minMinutes * 60_000) free.push({ start: hm(cur, zone), end: hm(until, zone), minutes: Math.round((until - cur) / 60_000) });
          cur = Math.max(cur, b.e);
          if (cur >= stop) break;
        }
      }
      const span = a.from === a.to ? a.from : `${a.from} – ${a.to}`;
      return { summary: `${span}: ${free.length} free slot(s)`, subject: span, count: free.length, result: { timezone: zone, free } };
    }
    case "find_colleague": {
      const a = TOOL_DEFS.find_colleague.args.parse(args) as { query: string };
      const page = await directory(caller, { page: 0, pageSize: 10, searchWord: a.query, unassigned: false });
      const people = page.content.map((p) => ({
        name: p.accountName, email: p.username, organization: p.organizationName ?? undefined, position: p.position ?? undefined, jobGrade: p.jobGrade ?? undefined,
      }));
      return { summary: `"${a.query}": ${page.totalElements} colleague(s)`, subject: a.query, count: page.totalElements, result: { total: page.totalElements, people } };
    }
  }
}

/** Runs one call of the model; a failure is told to the model (and shown) instead of ending the answer. */
export async function runTool(caller: Caller, name: string, argsText: string): Promise<ToolOutcome> {
  let args: Record<string, unknown> = {};
  try {
    const parsed = argsText.trim() ? JSON.parse(argsText) : {};
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) args = parsed;
  } catch { /* told below */ }
  const known = (ASSISTANT_TOOLS as readonly string[]).includes(name);
  const toolName = (known ? name : ASSISTANT_TOOLS[0]) as AssistantToolName;
  const failed = (message: string): ToolOutcome => ({
    call: { name: toolName, arguments: args, summary: message, ok: false }, content: JSON.stringify({ error: message }),
  });
  if (!known) return failed(`no tool named ${name.slice(0, 60)}`);
  try {
    const { summary, subject, count, result } = await run(caller, toolName, args);
    return { call: { name: toolName, arguments: args, summary, ok: true, subject, count }, content: JSON.stringify(result) };
  } catch (e) {
    if (e instanceof z.ZodError) return failed(`invalid arguments: ${e.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ").slice(0, 200)}`);
    if (e instanceof ToolInputError) return failed(e.message);
    if (e instanceof AppError) return failed(`not possible (${e.code})`);
    caller.deps.log.error(`assistant: tool ${toolName} failed`, e);
    return failed("the tool failed");
  }
}
