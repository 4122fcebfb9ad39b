// Composing and sending (000 §7 "Mail files and compose"): uploads, the compose starting points, drafts,
// send, cancelling a scheduled mail, and the public download of large attachments.
import { Hono } from "hono";
import { z } from "zod";
import {
  composeBody, draftDeleteBody, MAIL_UPLOAD_PATH, RECEIPT_STATUSES, recipientCheckQuery, securePasswordBody, UPLOAD_TYPES,
} from "../../../../shared/mail/compose.ts";
import { NORMAL_ATTACHMENT_TOTAL } from "../../../../shared/mail/constants.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { readStreamingForm } from "../../../lib/multipart/stream-form.ts";
import { tempDirOf } from "../../../lib/multipart/temp-files.ts";
import { body, idParam, parseWith, query } from "../../../lib/validate.ts";
import { deleteDrafts, saveDraft } from "./drafts.ts";
import { downloadLargeFile, largeFileInfo, unlockLargeFile } from "./large-files.ts";
import { blankCompose, draftCompose, forwardCompose, replyCompose, resendCompose } from "./prefill.ts";
import { cancelReserve } from "./reserve.ts";
import { sendMail } from "./send.ts";
import { checkRecipient } from "./recipient-check.ts";
import { openSecure, secureAttachment, secureInfo, secureStatus, unlockSecure } from "./secure.ts";
import { cancelReceipts, receiptPage, receiptSummary } from "./receipts.ts";
import { changeUploadType, largeFileLimit, storeUpload } from "./uploads.ts";

/** Multipart overhead allowed beyond the file itself. */
const FORM_OVERHEAD = 1024 * 1024;

const ids = z.union([z.array(z.coerce.number().int().positive()), z.string()]).transform((v) =>
  Array.isArray(v) ? v : v.split(",").filter(Boolean).map(Number)
).pipe(z.array(z.number().int().positive()).max(100));

const receiptQuery = z.object({
  receiptStatus: z.enum(RECEIPT_STATUSES).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
const uploadTypeChange = z.object({
  uploadType: z.enum(["normal", "large"]),
  /** The mail's other upload ids, so the limits are checked on the whole mail. */
  attachments: z.array(z.string().max(64)).max(100).default([]),
});
const receiptCancelBody = z.object({ targetAddress: z.string().min(3).max(320) });

export function composeRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/mails/v2/*", requireAuth);
  r.use("/api/mails/reserve/*", requireAuth);

  // The global 2 MB limit of /api/* skips this path (server/app.ts): a large file may be up to the company's
  // largeFileMaxSize. The form is streamed: the file goes to a temporary file and from there into the blob
  // store, and is cut off with mail.131 the moment it passes its limit (the type's, when uploadType came
  // before the file; else the larger of the two, and the type's after).
  r.post(MAIL_UPLOAD_PATH, requireAuth, async (c) => {
    const deps = c.get("deps");
    const large = await largeFileLimit(deps, c.get("auth").companyId);
    const most = Math.max(NORMAL_ATTACHMENT_TOTAL, large);
    const form = await readStreamingForm(c.req.raw, {
      tmpDir: await tempDirOf(deps.config.DATA_DIR),
      maxBodyBytes: most + FORM_OVERHEAD,
      maxFileBytes: (fields) => {
        const type = fields.get("uploadType");
        if (type === "large") return large;
        return (UPLOAD_TYPES as readonly string[]).includes(type ?? "") ? NORMAL_ATTACHMENT_TOTAL : most;
      },
      tooLarge: () => new AppError(413, "mail.131"),
      malformed: () => new AppError(400, "common.400"),
    });
    try {
      const part = form.file("part");
      if (!part) throw new AppError(400, "mail.upload_missing");
      const uploadType = parseWith(z.enum(UPLOAD_TYPES).default("normal"), form.fields.get("uploadType"));
      return c.json(await storeUpload(callerOf(c), part, uploadType));
    } finally {
      await form.dispose();
    }
  });

  r.put("/api/mail/file/:id/type", requireAuth, async (c) => {
    const id = c.req.param("id");
    const input = await body(c, uploadTypeChange);
    return c.json(await changeUploadType(callerOf(c), id, input.uploadType, input.attachments));
  });

  r.get("/api/mails/v2/recipients/check", async (c) =>
    c.json(await checkRecipient(callerOf(c), query(c, recipientCheckQuery).address)));
  r.get("/api/mails/v2/compose", async (c) =>
    c.json(await blankCompose(callerOf(c), query(c, z.object({ composeType: z.string().optional() })).composeType)));
  r.get("/api/mails/v2/reply/:mailId/:all", async (c) => {
    const all = ["true", "1", "all", "y"].includes(c.req.param("all").toLowerCase());
    return c.json(await replyCompose(callerOf(c), idParam(c, "mailId"), all));
  });
  r.get("/api/mails/v2/reply/:mailId", async (c) => c.json(await replyCompose(callerOf(c), idParam(c, "mailId"), false)));
  r.get("/api/mails/v2/forward", async (c) =>
    c.json(await forwardCompose(callerOf(c), query(c, z.object({ mailIds: ids })).mailIds)));
  r.get("/api/mails/v2/resend/:id", async (c) => c.json(await resendCompose(callerOf(c), idParam(c))));
  r.get("/api/mails/v2/draft/:id", async (c) => c.json(await draftCompose(callerOf(c), idParam(c))));

  r.post("/api/mails/v2/draft", async (c) => c.json(await saveDraft(callerOf(c), await body(c, composeBody)), 201));
  r.put("/api/mails/v2/draft", async (c) => {
    const input = await body(c, composeBody);
    if (!input.draftId) throw new AppError(404, "common.404");
    return c.json(await saveDraft(callerOf(c), input, input.draftId));
  });
  r.delete("/api/mails/v2/draft", async (c) => {
    await deleteDrafts(callerOf(c), (await body(c, draftDeleteBody)).mailIds);
    return c.body(null, 204);
  });

  r.post("/api/mails/v2/send", async (c) => c.json(await sendMail(callerOf(c), await body(c, composeBody))));
  r.delete("/api/mails/reserve/:id", async (c) => {
    await cancelReserve(callerOf(c), idParam(c));
    return c.body(null, 204);
  });

  // Read receipts of the caller's own sent mail (receiptId is the sent mail's id).
  r.get("/api/mail/:mailId/receipt", requireAuth, async (c) => c.json(await receiptSummary(callerOf(c), idParam(c, "mailId"))));
  r.get("/api/mail/receipt/:id", requireAuth, async (c) => c.json(await receiptPage(callerOf(c), idParam(c), query(c, receiptQuery))));
  r.put("/api/mail/receipt/:id/all", requireAuth, async (c) => c.json(await cancelReceipts(callerOf(c), idParam(c), null)));
  r.put("/api/mail/receipt/:id", requireAuth, async (c) => {
    const id = idParam(c);
    return c.json(await cancelReceipts(callerOf(c), id, (await body(c, receiptCancelBody)).targetAddress));
  });

  // Public: secure mail behind its password.
  r.get("/api/mail/secure/:token", async (c) => c.json(await secureInfo(c.get("deps"), c.req.param("token"))));
  r.post("/api/mail/secure/:token", async (c) =>
    c.json(await openSecure(c.get("deps"), c.req.param("token"), (await body(c, securePasswordBody)).password, c.get("ip"))));
  r.post("/api/mail/secure/:token/attach/:position", async (c) => {
    const position = idParam(c, "position");
    const { password } = await body(c, securePasswordBody);
    return await secureAttachment(c.get("deps"), c.req.param("token"), password, position, c.get("ip"));
  });
  // The sender's own secure mail (its sent copy's id): whether its link is locked, and unlocking it.
  r.get("/api/mail/:mailId/secure", requireAuth, async (c) => c.json(await secureStatus(callerOf(c), idParam(c, "mailId"))));
  r.put("/api/mail/:mailId/secure/unlock", requireAuth, async (c) => c.json(await unlockSecure(callerOf(c), idParam(c, "mailId"))));

  // Public: whoever holds the link, within the company's largeFileMaxDuration days and 100 downloads; a link
  // behind a password (isLargeAttPw) through the download page: info, then the password for a ticket.
  r.get("/api/mail/large/:token/info", async (c) => c.json(await largeFileInfo(c.get("deps"), c.req.param("token"))));
  r.post("/api/mail/large/:token/unlock", async (c) => {
    const { password } = await body(c, securePasswordBody);
    return c.json(await unlockLargeFile(c.get("deps"), c.req.param("token"), password, c.get("ip")));
  });
  r.get("/api/mail/large/:token", (c) =>
    downloadLargeFile(c.get("deps"), c.req.param("token"), c.req.method !== "HEAD", c.req.query("ticket")));
  return r;
}
