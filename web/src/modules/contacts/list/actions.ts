// What the list and the card do to cards: importance, delete to the trash (or for good from the trash) after
// asking, restore, move or copy into a group, merge; each says what happened (contact.51 .. contact.89 of
// 001 §8, or the server's reason) and refreshes the lists and counts.
import type { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import type { ContactCard } from "@shared/contacts/cards.ts";
import { groupIdOf, TRASH_DAYS } from "@shared/contacts/constants.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import * as contactApi from "../api.ts";
import { refreshContacts } from "../queries.ts";
import { done, failed, type Toast } from "../errors.ts";

const t = (k: string, o?: Record<string, unknown>) => i18next.t(`contacts:${k}`, o);

async function run(qc: QueryClient, work: () => Promise<unknown>, ok: Toast | null, fail: Toast): Promise<boolean> {
  try {
    await work();
    if (ok) done(ok);
    return true;
  } catch (e) {
    failed(e, fail);
    return false;
  } finally {
    await refreshContacts(qc);
  }
}

export function toggleImportant(qc: QueryClient, ids: number[], on: boolean) {
  return run(qc, () => contactApi.setImportant(ids, on), null, "importantFailed");
}

/** Asks, then moves the cards to the trash (from the trash: deletes them for good). */
export async function deleteWithConfirm(qc: QueryClient, cards: Pick<ContactCard, "id" | "userName">[], trash: boolean): Promise<boolean> {
  if (!cards.length) return false;
  const message = trash
    ? t("trash.deleteForeverConfirm", { count: cards.length })
    : cards.length === 1
    ? t("card.deleteConfirmOne", { name: cards[0].userName, days: TRASH_DAYS })
    : t("card.deleteConfirm", { count: cards.length, days: TRASH_DAYS });
  const ok = await confirm({ message, danger: true, confirmLabel: t(trash ? "trash.deleteForever" : "action.delete") });
  if (!ok) return false;
  return run(qc, () => contactApi.deleteCards(cards.map((c) => c.id)), "deleteSucceeded", "deleteFailed");
}

export function restore(qc: QueryClient, ids: number[]) {
  return run(qc, () => contactApi.restoreCards(ids), "restoreSucceeded", "restoreFailed");
}

/** Moves the cards out of the listed group (a special one: out of every group) into the target. */
export function move(qc: QueryClient, ids: number[], target: number, listed: string) {
  const from = groupIdOf(listed);
  return run(qc, () => contactApi.moveCards(ids, target, from !== null && from > 0 ? from : undefined), "moveSucceeded", "moveFailed");
}

/** Adds the target group to each card's groups (cards with the same groups go in one call). */
export async function copy(qc: QueryClient, cards: ContactCard[], target: number) {
  const bySet = new Map<string, { ids: number[]; groups: number[] }>();
  for (const c of cards) {
    const groups = [...new Set([...c.contactGroupList.map((g) => g.id), target])].sort((a, b) => a - b);
    const key = groups.join(",");
    const entry = bySet.get(key) ?? { ids: [], groups };
    entry.ids.push(c.id);
    bySet.set(key, entry);
  }
  const ok = await run(qc, async () => {
    for (const { ids, groups } of bySet.values()) await contactApi.setRelations(ids, groups);
  }, null, "moveFailed");
  if (ok) snackbar("SUCCESS", t("bulk.copied", { count: cards.length }));
  return ok;
}

export function merge(qc: QueryClient, target: number, others: number[]) {
  return run(qc, () => contactApi.mergeCards(target, others), "mergeSucceeded", "mergeFailed");
}
