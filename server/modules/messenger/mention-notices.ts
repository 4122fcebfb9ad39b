// The bell's notice of a mention in the messenger (issue 32, messenger.mention), after the message committed and
// never for its sender (notify() leaves them out). Title: the room's name, or for a DIRECT room the other
// person, who for the one mentioned is the sender. The messenger is a window, not a route: the link
// "/messenger/{roomId}/{messageId}" (a thread's reply: "/messenger/{roomId}/{messageId}/thread/{parentId}") is
// what the web's bell opens with the window's openRoom(roomId, { around, threadId }).
// objectKey "messenger:{messageId}".
import { sql } from "drizzle-orm";
import { messengerLink } from "../../lib/app-links.ts";
import type { Caller } from "../../lib/context.ts";
import { forgetObject, notify } from "../notifications/notify.ts";

export async function noticeMentions(
  caller: Caller,
  m: { roomId: number; id: number; parentId: number | null; text: string; mentions: number[] },
): Promise<void> {
  if (!m.mentions.some((id) => id !== caller.auth.userId)) return;
  try {
    const [r] = await caller.deps.db.execute<{ kind: string; name: string; sender: string }>(sql`
      select r.kind, r.name, (select display_name from users where id = ${caller.auth.userId}) as sender
        from messenger_rooms r where r.id = ${m.roomId} and r.company_id = ${caller.auth.companyId}`);
    if (!r) return;
    const title = r.kind === "DIRECT" || !r.name ? r.sender : r.name;
    await notify(caller.deps, caller.auth.companyId, {
      kind: "messenger.mention", userIds: m.mentions, actorId: caller.auth.userId, title, excerpt: m.text,
      link: messengerLink(m.roomId, m.id, m.parentId), objectKey: `messenger:${m.id}`,
    });
  } catch (e) {
    caller.deps.log.error("messenger: recording mention notices failed", e);
  }
}

/** The bell's rows of a deleted message removed. */
export async function forgetMessage(caller: Caller, messageId: number): Promise<void> {
  await forgetObject(caller.deps, caller.auth.companyId, `messenger:${messageId}`);
}
