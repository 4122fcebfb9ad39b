// The compose entries "contact" and "customer" (000 §3: compose entry types 7 and 10; 000 §7 GET
// api/mails/v2/contact and .../customer): a new mail addressed to cards, the first address of each card
// (cards without one are left out, each address once). contact: cardIdList names the caller's cards (404
// otherwise), or groupId a group of them (an own group or a special one). customer: cardIdList names cards of
// customer groups the caller reads, or groupId such a group. The draft itself is the mail module's blank one.
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
import { listCards as customerList, readableCards as readableCustomerCards } from "./customers/cards.ts";
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
  return await draftTo(caller, cards);
}

async function draftTo(caller: Caller, cards: Pick<repo.CardView, "userName" | "emails">[]): Promise<ComposeDraft> {
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

export const composeCustomerQuery = z.object({ cardIdList: idList.optional(), groupId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() })
  .refine((q) => q.cardIdList || q.groupId !== undefined, { message: "contact.group_required", path: ["groupId"] });

export async function customerCompose(caller: Caller, q: z.infer<typeof composeCustomerQuery>): Promise<ComposeDraft> {
  if (q.cardIdList) {
    const cards = await readableCustomerCards(caller, q.cardIdList);
    return await draftTo(caller, cards.map((c) => ({ userName: c.userName, emails: c.emailList })));
  }
  const page = await customerList(caller, { groupId: q.groupId!, type: "group", page: 0, pageSize: COMPOSE_MAX_CARDS, sort: "userName", dir: "asc" });
  return await draftTo(caller, page.content.map((c) => ({ userName: c.userName, emails: c.emailList })));
}
