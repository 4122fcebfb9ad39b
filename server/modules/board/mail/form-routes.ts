// GET /api/mails/share/board/form/{mailId}?includeAttach (000 §7; shared/board/config.ts MailPostForm), mounted
// by ../routes.ts under /api/mails/share/board (no /api/mails/... route of the mail module matches this path).
import { Hono } from "hono";
import { mailFormQuery } from "../../../../shared/board/config.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { query } from "../../../lib/validate.ts";
import { mailPostForm } from "./service.ts";

export function boardMailFormRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/form/:mailId", async (c) => {
    const raw = c.req.param("mailId");
    if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, BOARD_ERRORS.mailNotFound);
    const { includeAttach } = query(c, mailFormQuery);
    return c.json(await mailPostForm(callerOf(c), Number(raw), includeAttach === "true"));
  });
  return r;
}
