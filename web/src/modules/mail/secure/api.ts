// The public calls of a secure mail's page (shared/mail/compose.ts SecureMailInfo): no sign-in, and no bearer
// token even when there is a session, so a signed-in visitor opens it exactly as anyone holding the link.
import type { SecureMailContent, SecureMailInfo } from "@shared/mail/compose.ts";
import type { ErrorBody } from "@shared/errors.ts";
import { api, ApiError } from "../../../lib/api.ts";

const path = (token: string) => `/api/mail/secure/${encodeURIComponent(token)}`;

export const secureApi = {
  /** Who sent it, the hint, whether it is locked; nothing of the content. */
  info: (token: string) => api<SecureMailInfo>(path(token), { anonymous: true }),
  /** The mail, for its password (403 mail.secure_password_wrong, 423 mail.secure_locked, 404 common.404). */
  open: (token: string, password: string) =>
    api<SecureMailContent>(path(token), { method: "POST", json: { password }, anonymous: true }),
  /** One attachment's bytes and name, for the same password. */
  async attachment(token: string, password: string, position: number): Promise<Blob> {
    const res = await fetch(`${path(token)}/attach/${position}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password }),
    });
    if (res.ok) return await res.blob();
    const body = (await res.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new ApiError(res.status, typeof body.code === "string" ? body.code : `common.${res.status}`, body);
  },
};
