// Set-up of the property, value and row tests: databases and rows inserted as rows of wiki_docs (path, depth and
// acl_from by access.ts refreshSubtree, as POST docs leaves them), permissions restricted the same way, and a
// listener of the company's WIKI_CHANGED events.
import { refreshSubtree } from "../../server/modules/wiki/access.ts";
import type { AccessLevel, WikiChangeKind } from "../../shared/wiki/constants.ts";
import { WIKI_CHANGED, wikiTopic } from "../../shared/wiki/constants.ts";
import type { ServerFrame } from "../../shared/realtime.ts";
import type { TestApp } from "../support/test-app.ts";

/** Inserts a PUBLISHED document (a database with type "database") created by `who`; answers its id. */
export async function insertDoc(
  t: TestApp,
  companyId: number,
  who: { id: number },
  o: { title: string; type?: "document" | "database"; parentId?: number | null; sortOrder?: number; at?: Date },
): Promise<number> {
  const at = (o.at ?? t.clock.now()).toISOString();
  const [row] = await t.db.sql<{ id: string }[]>`
    insert into wiki_docs (company_id, parent_id, type, title, path, depth, sort_order, created_by, updated_by, created_at, updated_at)
    values (${companyId}, ${o.parentId ?? null}, ${o.type ?? "document"}, ${o.title}, '0', 1, ${o.sortOrder ?? 0}, ${who.id},
            ${who.id}, ${at}, ${at})
    returning id`;
  const id = Number(row.id);
  await refreshSubtree(t.deps.db, companyId, id);
  return id;
}

/** Gives the document its own permissions (its subtree inherits them), as the permissions calls would. */
export async function restrict(
  t: TestApp,
  companyId: number,
  docId: number,
  members: { userId?: number; organId?: number; level: AccessLevel }[],
): Promise<void> {
  for (const m of members) {
    await t.db.sql`insert into wiki_permissions (company_id, doc_id, user_id, organ_id, access_level)
      values (${companyId}, ${docId}, ${m.userId ?? null}, ${m.organId ?? null}, ${m.level})`;
  }
  await refreshSubtree(t.deps.db, companyId, docId);
}

/** Puts the document in trash as DELETE docs would (REMOVED, removed with itself). */
export async function removeDoc(t: TestApp, docId: number): Promise<void> {
  await t.db.sql`update wiki_docs set status = 'REMOVED', deleted_at = now(), removed_with = ${docId} where id = ${docId}`;
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
