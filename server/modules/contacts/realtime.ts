// CONTACT_CHANGED (shared/contacts/constants.ts contactTopic) on the user's own topic when their private book
// changed elsewhere than in the browser: a CardDAV client wrote or deleted a card or a group. The open lists,
// groups and cards refetch. Ids only (none here: the browser refetches what it shows). Best effort.
import { CONTACT_CHANGED, contactTopic } from "../../../shared/contacts/constants.ts";
import type { Caller } from "../../lib/context.ts";

export async function announceOwnBook(caller: Caller) {
  await caller.deps.realtime.publish(contactTopic(caller.auth.username), CONTACT_CHANGED, {});
}
