// The customer address book's HTTP API (001 §7 "Customer address book": api/customer/group, card, history;
// and "copy to customer" as POST api/contact/card/copy/customer). Every call needs a signed-in user of a
// company with the customer book on (useCustomer): otherwise 403 customer.disabled. Shapes and rules:
// shared/contacts/customers.ts; tags: shared/contacts/customer-tags.ts.
import { Hono } from "hono";
import {
  copyToCustomerBody, copyToPrivateBody, customerAdminsBody, customerCardAddBody, customerCardDeleteBody, customerCardListQuery,
  customerCardPrintQuery, customerCardPutBody, customerGroupAddBody, customerGroupExistsQuery, customerGroupListQuery,
  customerGroupPatchBody, customerImportantBody, customerMoveBody, customerSearchQuery, historyQuery, keepMailBody, memoAddBody, memoPatchBody,
  byMailIdQuery, MEMO_FILE_MAX_BYTES, MEMO_FILES_MAX, MEMO_PATH,
} from "../../../../shared/contacts/customers.ts";
import { cardTagsBody, tagAddBody, tagPatchBody } from "../../../../shared/contacts/customer-tags.ts";
import { bodyLimit } from "hono/body-limit";
import { importFields } from "../../../../shared/contacts/inout.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { moduleGate } from "../../../lib/module-gate.ts";
import { body, idParam, parseWith, query, readBody } from "../../../lib/validate.ts";
import { CUSTOMER_IMPORT_SAVE_PATH, formOf, importLimit, text } from "../inout/routes.ts";
import { contactsEnabled } from "../routes.ts";
import { composeCustomerQuery, customerCompose } from "../compose.ts";
import * as cards from "./cards.ts";
import * as groups from "./groups.ts";
import * as history from "./history.ts";
import * as kept from "./history-mail.ts";
import * as tags from "./tags.ts";

export const customersEnabled = moduleGate("useCustomer", "customer.disabled");

/** Calls on MEMO_PATH without files keep the API's usual limit (the path is let past it for the files). */
const jsonLimit = bodyLimit({
  maxSize: 2 * 1024 * 1024,
  onError: () => {
    throw new AppError(413, "common.413");
  },
});

/** A memo with its files: MEMO_FILES_MAX files of MEMO_FILE_MAX_BYTES and the form around them. */
const memoLimit = bodyLimit({
  maxSize: MEMO_FILES_MAX * MEMO_FILE_MAX_BYTES + 1024 * 1024,
  onError: () => {
    throw new AppError(413, "customer.file_too_large");
  },
});

export function customerRoutes() {
  const r = new Hono<AppEnv>();
  r.post(CUSTOMER_IMPORT_SAVE_PATH, requireAuth, customersEnabled, importLimit, async (c) => {
    const { file, fields } = await formOf(c);
    const f = parseWith(importFields, { type: text(fields.type) || undefined, charset: text(fields.charset) || undefined });
    const groupId = Number(text(fields.groupId));
    if (!Number.isSafeInteger(groupId) || groupId <= 0) throw new AppError(400, "contact.group_required");
    return c.json(await cards.importSave(callerOf(c), file, groupId, f.type, f.charset), 201);
  });
  r.post("/api/contact/card/copy/customer", requireAuth, contactsEnabled, customersEnabled, async (c) => {
    const { cardIdList, targetGroupId, shouldDeleteOriginalData } = await body(c, copyToCustomerBody);
    return c.json({ count: await cards.copyFromPrivate(callerOf(c), cardIdList, targetGroupId, shouldDeleteOriginalData) });
  });
  // The compose entry "customer" (mail compose type 10).
  r.get("/api/mails/v2/customer", requireAuth, customersEnabled, async (c) =>
    c.json(await customerCompose(callerOf(c), query(c, composeCustomerQuery))));
  r.use("/api/customer/*", requireAuth, customersEnabled);

  // Groups
  r.get("/api/customer/group", async (c) => c.json(await groups.groupTree(callerOf(c))));
  r.get("/api/customer/group/list", async (c) => c.json(await groups.groupList(callerOf(c), query(c, customerGroupListQuery).deleted)));
  r.get("/api/customer/group/admin", async (c) => c.json(await groups.adminList(callerOf(c))));
  r.put("/api/customer/group/admin", async (c) => c.json(await groups.setAdmins(callerOf(c), (await body(c, customerAdminsBody)).userIdList)));
  r.get("/api/customer/group/exists", async (c) => c.json(await groups.exists(callerOf(c), query(c, customerGroupExistsQuery))));
  r.get("/api/customer/group/member/:id", async (c) => c.json(await groups.membersList(callerOf(c), idParam(c))));
  r.get("/api/customer/group/byParent/:id", async (c) => c.json(await groups.childrenOf(callerOf(c), idParam(c))));
  r.patch("/api/customer/group/restore/:id", async (c) => c.json(await groups.restoreGroup(callerOf(c), idParam(c))));
  r.get("/api/customer/group/:id", async (c) => c.json(await groups.getGroup(callerOf(c), idParam(c))));
  r.post("/api/customer/group", async (c) => c.json(await groups.addGroup(callerOf(c), await body(c, customerGroupAddBody)), 201));
  r.patch("/api/customer/group", async (c) => c.json(await groups.patchGroup(callerOf(c), await body(c, customerGroupPatchBody))));
  r.delete("/api/customer/group/:id", async (c) => c.json(await groups.deleteGroup(callerOf(c), idParam(c))));

  // Cards
  r.get("/api/customer/card", async (c) => c.json(await cards.listCards(callerOf(c), query(c, customerCardListQuery))));
  r.get("/api/customer/card/search", async (c) => c.json(await cards.searchCards(callerOf(c), query(c, customerSearchQuery))));
  r.get("/api/customer/card/print", async (c) => c.json(await cards.printCards(callerOf(c), query(c, customerCardPrintQuery))));
  r.get("/api/customer/card/detail/:id", async (c) => c.json(await cards.cardDetail(callerOf(c), idParam(c))));
  r.get("/api/customer/card/detail/:id/photo", async (c) => {
    const photo = await cards.cardPhoto(callerOf(c), idParam(c));
    return c.body(photo.data as Uint8Array<ArrayBuffer>, 200, { "content-type": photo.mime, "cache-control": "private, no-cache" });
  });
  r.post("/api/customer/card", async (c) => {
    const { groupId, cardData } = await body(c, customerCardAddBody);
    return c.json(await cards.addCard(callerOf(c), groupId, cardData), 201);
  });
  r.put("/api/customer/card/importantStatus", async (c) => {
    const { cardIdList, importantStatus } = await body(c, customerImportantBody);
    return c.json({ count: await cards.setImportant(callerOf(c), cardIdList, importantStatus) });
  });
  // (before card/:id, which would take "tag" for an id)
  r.put("/api/customer/card/tag", async (c) => c.json(await tags.setCardTags(callerOf(c), await body(c, cardTagsBody))));
  r.put("/api/customer/card/:id", async (c) => c.json(await cards.updateCard(callerOf(c), idParam(c), (await body(c, customerCardPutBody)).cardData)));
  r.delete("/api/customer/card", async (c) => c.json({ count: await cards.deleteCards(callerOf(c), (await body(c, customerCardDeleteBody)).cardIdList) }));
  r.patch("/api/customer/card/move", async (c) => {
    const { cardIdList, targetGroupId, isCopy } = await body(c, customerMoveBody);
    return c.json({ count: await cards.moveCards(callerOf(c), cardIdList, targetGroupId, isCopy) });
  });
  r.post("/api/customer/card/copy/private", async (c) => {
    const { cardIdList, targetGroupId } = await body(c, copyToPrivateBody);
    return c.json({ count: await cards.copyToPrivate(callerOf(c), cardIdList, targetGroupId) });
  });

  // Tags
  r.get("/api/customer/tag", async (c) => c.json(await tags.tagList(callerOf(c))));
  r.post("/api/customer/tag", async (c) => c.json(await tags.addTag(callerOf(c), await body(c, tagAddBody)), 201));
  r.patch("/api/customer/tag", async (c) => c.json(await tags.patchTag(callerOf(c), await body(c, tagPatchBody))));
  r.delete("/api/customer/tag/:id", async (c) => {
    await tags.deleteTag(callerOf(c), idParam(c));
    return c.json({ count: 1 });
  });

  // History
  r.get("/api/customer/history", async (c) => c.json(await history.historyList(callerOf(c), query(c, historyQuery))));
  r.post(MEMO_PATH, memoLimit, async (c) => {
    const caller = callerOf(c);
    const raw = await readBody(c);
    const input = parseWith(memoAddBody, raw);
    const files: history.MemoFile[] = [];
    for (const v of [raw.files, raw.part, raw.attachments].flat()) {
      if (v instanceof File) files.push({ name: v.name, type: v.type, bytes: new Uint8Array(await v.arrayBuffer()) });
    }
    return c.json(await history.addMemo(caller, input, (id, g) => cards.cardInGroup(caller, id, g), files), 201);
  });
  r.get("/api/customer/history/attach/:historyId/:position", async (c) => {
    const position = c.req.param("position");
    if (!/^\d{1,2}$/.test(position)) throw new AppError(404, "common.404");
    const f = await history.memoFile(callerOf(c), idParam(c, "historyId"), Number(position));
    return c.body(f.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(f.name)}`,
      "cache-control": "private, no-store",
    });
  });
  r.post("/api/customer/history/mail", async (c) => {
    const caller = callerOf(c);
    return c.json(await kept.keepMail(caller, await body(c, keepMailBody), (id, g) => cards.cardInGroup(caller, id, g)), 201);
  });
  r.get("/api/customer/history/byMailId", async (c) => c.json(await kept.byMailId(callerOf(c), query(c, byMailIdQuery).mailId)));
  r.get("/api/customer/history/mail/attach/:historyId/:position", async (c) => {
    const position = c.req.param("position");
    if (!/^\d{1,4}$/.test(position)) throw new AppError(404, "common.404");
    const part = await kept.keptMailAttachment(callerOf(c), idParam(c, "historyId"), Number(position));
    return c.body(part.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(part.meta.name)}`,
      "cache-control": "private, no-store",
    });
  });
  r.get("/api/customer/history/mail/:id", async (c) => c.json(await kept.keptMail(callerOf(c), idParam(c))));
  r.delete("/api/customer/history/mail/:id", async (c) => {
    await kept.deleteKeptMail(callerOf(c), idParam(c));
    return c.json({ count: 1 });
  });
  r.patch(MEMO_PATH, jsonLimit, async (c) => {
    const { id, content } = await body(c, memoPatchBody);
    return c.json(await history.patchMemo(callerOf(c), id, content));
  });
  r.delete("/api/customer/history/:id", async (c) => {
    await history.deleteMemo(callerOf(c), idParam(c));
    return c.json({ count: 1 });
  });
  return r;
}
