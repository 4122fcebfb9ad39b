// The compose entry "contact" (000 §3: compose entry type 7; 000 §7 GET api/mails/v2/contact): a new mail
// addressed to cards of the caller's address book, the first address of each card (cards without one are
// left out, each address once). cardIdList names the cards (all must be the caller's: 404 otherwise), or
// groupId a group of them (an own group or a special one). The draft itself is the mail module's blank one.
import { z } from "zod";
import { groupParam, idList } from "../../../shared/contacts/cards.ts";
import { PRIVATE_ROOT_ID, SPECIAL_GROUPS } from "../../../shared/contacts/constants.ts";
import type { ComposeDraft } from "../../../shared/mail/compose.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { blankCompose, entry } from "../mail/compose/prefill.ts";
import { listPage } from "./cards/list.ts";
import * as repo from "./cards/repo.ts";
import { requireOwnCards } from "./cards/service.ts";
import { newSince, ownerOf, requireOwnGroups } from "./groups/service.ts";

/** Recipients one compose entry fills in at most. */
export const COMPOSE_MAX_CARDS = 1000;

export const composeContactQuery = z.object({ cardIdList: idList.optional(), groupId: groupParam.optional() })
  .refine((q) => q.cardIdList || q.groupId !== undefined, { message: "contact.group_required", path: ["groupId"] });

export async function contactCompose(caller: Caller, q: z.infer<typeof composeContactQuery>): Promise<ComposeDraft> {
  const o = ownerOf(caller);
  const db = caller.deps.db;
  let cards: repo.CardView[];
  if (q.cardIdList) {
    const owned = await requireOwnCards(db, o, q.cardIdList);
    cards = (await repo.cardsByIds(db, o, q.cardIdList)).filter((c) => !owned.get(c.id));
  } else {
    const g = q.groupId!;
    if (g > PRIVATE_ROOT_ID) await requireOwnGroups(caller, [g]);
    else if (![SPECIAL_GROUPS.all, SPECIAL_GROUPS.important, SPECIAL_GROUPS.new, SPECIAL_GROUPS.unmapped].includes(g as never)) {
      throw new AppError(400, "contact.group_invalid");
    }
    cards = (await listPage(db, o, { groupId: g, trash: false, newSince: newSince(caller) }, { sort: "userName", dir: "asc" }, COMPOSE_MAX_CARDS, 0)).rows;
  }
  const draft = await blankCompose(caller);
  const seen = new Set<string>();
  for (const c of cards.slice(0, COMPOSE_MAX_CARDS)) {
    const address = c.emails[0];
    if (!address || seen.has(address)) continue;
    seen.add(address);
    draft.to.push(entry({ name: c.userName, address }));
  }
  return draft;
}
