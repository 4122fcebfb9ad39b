// Timed work of the address books: cards in the trash for more than TRASH_DAYS (001 §4: 7 days) are deleted
// for good. Any number of instances may run it: the delete claims rows with FOR UPDATE SKIP LOCKED.
import { TRASH_DAYS } from "../../../shared/contacts/constants.ts";
import type { AppDeps } from "../../lib/context.ts";
import { purgeTrash } from "./cards/service.ts";

export function contactJobs(deps: AppDeps) {
  return [{ name: "contacts-trash-purge", intervalMs: 60 * 60_000, tick: async () => void await purgeTrash(deps, TRASH_DAYS) }];
}
