// Set-up of the property and value tests: permissions restricted and documents put in trash through the API, and
// a listener of the company's WIKI_CHANGED events.
import type { AccessLevel, WikiChangeKind } from "../../shared/wiki/constants.ts";
import { WIKI_CHANGED, wikiTopic } from "../../shared/wiki/constants.ts";
import type { ServerFrame } from "../../shared/realtime.ts";
import type { TestApp } from "../support/test-app.ts";
import { wikiApi } from "./support.ts";

/** Gives the document its own permissions through PUT docs/{id}/permissions as `owner` (its subtree inherits). */
export async function restrict(
  t: TestApp,
  owner: { token: string },
  docId: number,
  members: { userId?: number; organId?: number; level: AccessLevel }[],
): Promise<void> {
  await wikiApi(t).ok(200, "PUT", `docs/${docId}/permissions`, owner, {
    members: members.map((m) => ({ userId: m.userId ?? null, organId: m.organId ?? null, accessLevel: m.level })),
  });
}

/** Puts the document in trash (DELETE docs/{id}). */
export async function removeDoc(t: TestApp, who: { token: string }, docId: number): Promise<void> {
  await wikiApi(t).ok(200, "DELETE", `docs/${docId}`, who);
}

export interface WikiEvent {
  docId: number;
  parentId: number;
  kind: WikiChangeKind;
}

/** Collects the WIKI_CHANGED events of the company while `run` runs. */
export async function wikiEvents(t: TestApp, companyId: number, username: string, run: () => Promise<void>): Promise<WikiEvent[]> {
  const events: WikiEvent[] = [];
  const hub = t.deps.realtime.hub;
  const listener = {
    username,
    send: (text: string) => {
      const f = JSON.parse(text) as ServerFrame;
      if (f.type === "MESSAGE" && f.event === WIKI_CHANGED) events.push(f.data as unknown as WikiEvent);
    },
    close: () => {},
    stillValid: () => Promise.resolve(true),
  };
  hub.add(listener);
  hub.subscribe(listener, wikiTopic(companyId));
  try {
    await run();
  } finally {
    hub.remove(listener);
  }
  return events;
}
