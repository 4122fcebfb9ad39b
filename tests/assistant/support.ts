// Set-up shared by the AI assistant's tests: a company with an organisation tree (본부 with 개발팀 below it), its
// admin and colleagues, a second company for the isolation checks, callers of /api/assistants, the model
// stand-in connected as the company's provider, and a reader of the answer streams (text/event-stream).
import { expect } from "vitest";
import type { StreamEvent } from "../../shared/assistant/api.ts";
import { type Co, company, namedPerson, type Person } from "../share/share-helpers.ts";
import { apiCaller } from "../support/api-caller.ts";
import type { OpenAiStandin } from "../support/openai-standin.ts";
import type { TestApp } from "../support/test-app.ts";

export const API = "/api/assistants";
export const assistantApi = (t: TestApp) => apiCaller(t, API);

export interface AssistantCompany {
  co: Co;
  admin: Co["admin"];
  organs: { /** 본부 */ hq: number; /** 개발팀, below 본부 */ dev: number; /** 영업팀 */ sales: number };
  /** 개발팀 김개발 */
  kim: Person;
  /** 본부 이본부 */
  lee: Person;
  /** 영업팀 박영업 */
  park: Person;
}

export async function assistantCompany(t: TestApp, domain: string): Promise<AssistantCompany> {
  const co = await company(t, domain);
  const hq = await co.org("본부");
  const dev = await co.org("개발팀", hq);
  const sales = await co.org("영업팀");
  return {
    co, admin: co.admin, organs: { hq, dev, sales },
    kim: await namedPerson(t, co, "kim", "김개발", [dev]),
    lee: await namedPerson(t, co, "lee", "이본부", [hq]),
    park: await namedPerson(t, co, "park", "박영업", [sales]),
  };
}

/** Connects the stand-in as the company's provider (PUT provider, 200). */
export async function connectModel(t: TestApp, admin: { token: string }, model: OpenAiStandin, apiKey = "sk-test") {
  await assistantApi(t).ok(200, "PUT", "provider", admin, { baseUrl: model.baseUrl, model: model.model, apiKey });
}

export type Event = StreamEvent;

/** Reads a text/event-stream body into events until it ends, or until `stopWhen` holds (then cancels it). */
export async function readEvents(res: Response, stopWhen?: (e: Event, all: Event[]) => boolean): Promise<Event[]> {
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  const events: Event[] = [];
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buf += dec.decode(value, { stream: true });
    let end: number;
    while ((end = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!type || data === undefined) continue;
      const e = { type, ...JSON.parse(data) } as Event;
      events.push(e);
      if (stopWhen?.(e, events)) {
        await reader.cancel();
        return events;
      }
    }
  }
}

/** The text of the token events. */
export const textOf = (events: Event[]) => events.filter((e) => e.type === "token").map((e) => (e as { text: string }).text).join("");

/** POST chats/{c}/streaming through the app (JSON body). */
export function ask(t: TestApp, who: { token: string }, chatId: number, message: string, extra: Record<string, unknown> = {}) {
  return t.app.request(`${API}/chats/${chatId}/streaming`, {
    method: "POST", headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json" }, body: JSON.stringify({ message, ...extra }),
  });
}

export { onePagePdf as pdf } from "../support/pdf.ts";

/** POST save as a multipart form (fields, repeated starter/removeFiles, files). */
export async function saveForm(
  t: TestApp, who: { token: string }, fields: Record<string, string | number | boolean | (string | number)[]>, files: { name: string; bytes: Uint8Array; type?: string }[] = [],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Array.isArray(v)) for (const item of v) form.append(k, String(item));
    else form.append(k, String(v));
  }
  for (const f of files) form.append("files", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: f.type ?? "application/octet-stream" }));
  const res = await t.app.request(`${API}/save`, { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, body: await res.json() };
}
