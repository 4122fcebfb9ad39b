// Routes of import and export (shared/contacts/inout.ts). The two import calls take a multipart form with
// the file as part (up to LIMITS.importBytes: server/app.ts lets these paths past the API's 2 MB limit and
// this file sets its own); the export answers the file as an attachment.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { LIMITS } from "../../../../shared/contacts/constants.ts";
import { MEMO_PATH } from "../../../../shared/contacts/customers.ts";
import { CONTACT_IMPORT_PATH, CONTACT_IMPORT_SAVE_PATH, exportQuery, importFields, importSaveFields } from "../../../../shared/contacts/inout.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { moduleGate } from "../../../lib/module-gate.ts";
import { parseWith, query, readBody } from "../../../lib/validate.ts";
import { exportCards, type ImportFile, previewImport, saveImport } from "./service.ts";

export const CUSTOMER_IMPORT_SAVE_PATH = "/api/customer/card/import/save";
/**
 * The calls of both books that set their own body limit (imports; the customer memo with its files):
 * server/app.ts lets them past the API's 2 MB limit.
 */
export const CONTACT_IMPORT_PATHS = [CONTACT_IMPORT_PATH, CONTACT_IMPORT_SAVE_PATH, CUSTOMER_IMPORT_SAVE_PATH, MEMO_PATH];

export const importLimit = bodyLimit({ maxSize: LIMITS.importBytes + 1024 * 1024, onError: () => { throw new AppError(413, "contact.import_too_large"); } });

export async function formOf(c: AppContext): Promise<{ file: ImportFile; fields: Record<string, unknown> }> {
  const fields = await readBody(c);
  const part = fields.part;
  if (!(part instanceof File)) throw new AppError(400, "contact.import_file_required");
  return { file: { name: part.name, bytes: new Uint8Array(await part.arrayBuffer()) }, fields };
}

/** A form field sent as text: the last value when repeated. */
export const text = (v: unknown) => (Array.isArray(v) ? v.at(-1) : v) as unknown;

export function contactInoutRoutes() {
  const r = new Hono<AppEnv>();
  const gate = moduleGate("useContact", "contact.disabled");
  r.post(CONTACT_IMPORT_PATH, requireAuth, gate, importLimit, async (c) => {
    const { file, fields } = await formOf(c);
    const f = parseWith(importFields, { type: text(fields.type) || undefined, charset: text(fields.charset) || undefined });
    return c.json(previewImport(file, f.type, f.charset));
  });
  r.post(CONTACT_IMPORT_SAVE_PATH, requireAuth, gate, importLimit, async (c) => {
    const { file, fields } = await formOf(c);
    const f = parseWith(importSaveFields, {
      type: text(fields.type) || undefined, charset: text(fields.charset) || undefined, groupId: text(fields.groupId) ?? "",
    });
    return c.json(await saveImport(callerOf(c), file, f.groupId, f.type, f.charset), 201);
  });
  r.get("/api/contact/card/export", requireAuth, gate, async (c) => {
    const out = await exportCards(callerOf(c), query(c, exportQuery));
    return c.body(out.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": out.contentType,
      "content-disposition": `attachment; filename="${out.fileName}"`,
      "cache-control": "private, no-store",
    });
  });
  return r;
}
