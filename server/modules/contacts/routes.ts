// The private address book's HTTP API (001 §7 "Contacts"): groups, cards, the list and print, config, and
// (inout/routes.ts) import and export. Every call needs a signed-in user of a company with contacts switched
// on (companies.use_contact, shared company.ts useContact): otherwise 403 contact.disabled. Shapes and
// rules: shared/contacts/*.ts.
//
// Layout of this module: groups/ (the tree and the special groups), cards/ (one card model for the private
// and the customer book: normal.ts derives the stored and searchable form; list.ts the list and search),
// config/, inout/ (vCard, CSV, .xls/.xlsx). The customer book will be a sibling folder customers/ using
// cards/normal.ts, cards/photo.ts and inout/ on the same contact_cards table (customer_group_id set).
import { Hono } from "hono";
import {
  cardBody, cardDeleteBody, cardListQuery, cardPrintQuery, cardsBody, detailByEmailQuery, importantBody,
  mailHistoryQuery, mergeBody, moveBody, relationBody, restoreBody,
} from "../../../shared/contacts/cards.ts";
import { configBody, firstScreenBody, hideColumnsBody, pageSizeParam } from "../../../shared/contacts/config.ts";
import { groupAddBody, groupRenameBody } from "../../../shared/contacts/groups.ts";
import { requireAuth } from "../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../lib/context.ts";
import { notFound } from "../../lib/errors.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { body, idParam, parseWith, query } from "../../lib/validate.ts";
import { listCards, printCards } from "./cards/browse.ts";
import { cardMailHistory } from "./cards/mail-history.ts";
import { mergeCards } from "./cards/merge.ts";
import * as cards from "./cards/service.ts";
import { composeContactQuery, contactCompose } from "./compose.ts";
import * as config from "./config/service.ts";
import * as groups from "./groups/service.ts";

export const contactsEnabled = moduleGate("useContact", "contact.disabled");

/** A group id of a path: a number, negative for the special groups; anything else answers 404. */
function signedId(raw: string): number {
  if (!/^-?\d{1,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

export function contactRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/contact/*", requireAuth, contactsEnabled);
  r.use("/api/config/contact", requireAuth, contactsEnabled);
  r.use("/api/config/contact/*", requireAuth, contactsEnabled);

  // Groups
  r.get("/api/contact/group", async (c) => c.json(await groups.topGroups(callerOf(c))));
  r.get("/api/contact/group/private", async (c) => c.json(await groups.privateGroups(callerOf(c))));
  r.get("/api/contact/group/private/tree", async (c) => c.json(await groups.privateTree(callerOf(c))));
  r.get("/api/contact/group/:parent/children", async (c) => c.json(await groups.children(callerOf(c), idParam(c, "parent"))));
  r.get("/api/contact/group/:id/super/parent", async (c) => c.json(await groups.ancestors(callerOf(c), idParam(c))));
  r.get("/api/contact/group/:id", async (c) => c.json(await groups.getGroup(callerOf(c), signedId(c.req.param("id")))));
  r.post("/api/contact/group", async (c) => c.json(await groups.addGroup(callerOf(c), await body(c, groupAddBody)), 201));
  r.put("/api/contact/group/:id/groupName", async (c) => {
    const { groupName } = await body(c, groupRenameBody);
    return c.json(await groups.renameGroup(callerOf(c), idParam(c), groupName));
  });
  r.delete("/api/contact/group/:id", async (c) => {
    await groups.removeGroup(callerOf(c), idParam(c));
    return c.body(null, 204);
  });

  // Cards
  r.get("/api/contact/card", async (c) => c.json(await listCards(callerOf(c), query(c, cardListQuery))));
  r.get("/api/contact/card/print", async (c) => c.json(await printCards(callerOf(c), query(c, cardPrintQuery))));
  r.get("/api/contact/detail", async (c) => c.json(await cards.cardByEmail(callerOf(c), query(c, detailByEmailQuery).email)));
  r.get("/api/contact/detail/:id", async (c) => c.json(await cards.getCard(callerOf(c), idParam(c))));
  r.get("/api/contact/detail/:id/photo", async (c) => {
    const photo = await cards.cardPhoto(callerOf(c), idParam(c));
    return c.body(photo.data as Uint8Array<ArrayBuffer>, 200, { "content-type": photo.mime, "cache-control": "private, no-cache" });
  });
  r.get("/api/contact/detail/:id/mail/history", async (c) =>
    c.json(await cardMailHistory(callerOf(c), idParam(c), query(c, mailHistoryQuery))));
  r.post("/api/contact/card", async (c) => {
    const { cardData } = await body(c, cardBody);
    const [card] = await cards.addCards(callerOf(c), [cardData]);
    return c.json(card, 201);
  });
  r.post("/api/contact/card/all", async (c) => {
    const { cardData } = await body(c, cardsBody);
    return c.json({ content: await cards.addCards(callerOf(c), cardData) }, 201);
  });
  r.put("/api/contact/card/importantStatus", async (c) => {
    const { cardIdList, importantStatus } = await body(c, importantBody);
    return c.json({ count: await cards.setImportant(callerOf(c), cardIdList, importantStatus) });
  });
  r.put("/api/contact/card/move", async (c) => {
    const { cardIdList, targetGroupId, groupId } = await body(c, moveBody);
    return c.json({ count: await cards.moveCards(callerOf(c), cardIdList, targetGroupId, groupId) });
  });
  r.put("/api/contact/card/restore", async (c) => {
    const { cardIdList, targetGroupId } = await body(c, restoreBody);
    return c.json({ count: await cards.restoreCards(callerOf(c), cardIdList, targetGroupId) });
  });
  r.put("/api/contact/card/:id/merge", async (c) => {
    const { cardIdList } = await body(c, mergeBody);
    return c.json(await mergeCards(callerOf(c), idParam(c), cardIdList));
  });
  r.put("/api/contact/card/:id", async (c) => {
    const { cardData } = await body(c, cardBody);
    return c.json(await cards.updateCard(callerOf(c), idParam(c), cardData));
  });
  r.delete("/api/contact/card", async (c) => {
    const { cardIdList } = await body(c, cardDeleteBody);
    return c.json({ count: await cards.deleteCards(callerOf(c), cardIdList) });
  });
  r.put("/api/contact/relation", async (c) => {
    const { cardIdList, contactGroupIdList } = await body(c, relationBody);
    return c.json({ count: await cards.setRelations(callerOf(c), cardIdList, contactGroupIdList) });
  });

  // The compose entry "contact" (mail compose type 7).
  r.get("/api/mails/v2/contact", requireAuth, contactsEnabled, async (c) =>
    c.json(await contactCompose(callerOf(c), query(c, composeContactQuery))));

  // Settings
  r.get("/api/config/contact", async (c) => c.json(await config.getConfig(callerOf(c))));
  r.put("/api/config/contact", async (c) => c.json(await config.changeConfig(callerOf(c), await body(c, configBody))));
  r.put("/api/config/contact/firstScreen", async (c) => c.json(await config.changeConfig(callerOf(c), await body(c, firstScreenBody))));
  r.put("/api/config/contact/hideColumns", async (c) => {
    const { columnName, hide } = await body(c, hideColumnsBody);
    return c.json(await config.changeConfig(callerOf(c), { hideColumn: { columnName, hide } }));
  });
  r.put("/api/config/contact/:size/pageSize", async (c) =>
    c.json(await config.changeConfig(callerOf(c), { pageSize: parseWith(pageSizeParam, c.req.param("size")) })));
  return r;
}
