// Set-up shared by the resource booking tests: companies with members (the share tests' helpers), callers of
// the resource API that fail loudly on an unexpected status, and dates in the company's zone.
import { expect } from "vitest";
import type { AdminResource, Booking, BookingCreated } from "../../shared/resource/resources.ts";
import type { TestApp } from "../support/test-app.ts";

export { type Co, company, type Member } from "../share/share-helpers.ts";

export interface Who {
  token: string;
}

export function resourceApi(t: TestApp) {
  const call = (method: string, path: string, who: Who, json?: unknown) => t.call(method, `/api/resource${path}`, { token: who.token, json });
  const ok = async <T>(status: number, method: string, path: string, who: Who, json?: unknown): Promise<T> => {
    const r = await call(method, path, who, json);
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
    return r.body as T;
  };
  return {
    call,
    ok,
    /** An error answer: its status and code. */
    async fails(status: number, code: string, method: string, path: string, who: Who, json?: unknown) {
      const r = await call(method, path, who, json);
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
      expect(r.body.code).toBe(code);
      return r.body;
    },
    resource: (admin: Who, body: Record<string, unknown>) =>
      ok<AdminResource>(201, "POST", "/admin/resources", admin, { type: "MEETING_ROOM", ...body }),
    book: (who: Who, body: Record<string, unknown>) => ok<BookingCreated>(201, "POST", "/book", who, { title: "Meeting", ...body }),
    get: (who: Who, id: number) => ok<Booking>(200, "GET", `/book/${id}`, who),
  };
}

/** A date in the company's zone (Asia/Seoul, UTC+9) `days` from the clock's today. */
export function dateIn(t: TestApp, days: number): string {
  const d = new Date(t.clock.now().getTime() + 9 * 3600_000 + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** A slot on a date from `days` ahead: startTime..endTime. */
export const slot = (t: TestApp, days: number, startTime: string, endTime: string, endDays = days) =>
  ({ startDate: dateIn(t, days), startTime, endDate: dateIn(t, endDays), endTime });

/** The ISO weekday (1 Monday .. 7 Sunday) of a date. */
export const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
