// Timed work of the address books: cards in the trash for more than TRASH_DAYS (001 §4: 7 days) are deleted
// for good, and so are customer groups deleted as long ago. Any number of instances may run it: the delete claims rows with FOR UPDATE SKIP LOCKED.
import { TRASH_DAYS } from "../../../shared/contacts/constants.ts";
import type { AppDeps } from "../../lib/context.ts";
import { purgeTrash } from "./cards/service.ts";
import { purgeDeletedGroups } from "./customers/groups.ts";
import { pruneTombstones } from "./dav/prune.ts";

export function contactJobs(deps: AppDeps) {
  return [
    { name: "contacts-trash-purge", intervalMs: 60 * 60_000, tick: async () => void await purgeTrash(deps, TRASH_DAYS) },
    // Customer groups deleted over 7 days ago go for good, with their cards and history.
    { name: "customer-groups-purge", intervalMs: 60 * 60_000, tick: async () => void await purgeDeletedGroups(deps) },
    // CardDAV's tombstones of cards gone over 90 days ago (dav/prune.ts).
    { name: "contacts-dav-prune", intervalMs: 6 * 60 * 60_000, tick: async () => void await pruneTombstones(deps) },
  ];
}
