// The public calls of the large-file download page (shared/mail/compose.ts LargeFileInfo): no sign-in, and
// no bearer token even with a session, so a signed-in visitor opens it exactly as anyone holding the link.
import type { LargeFileInfo, LargeFileTicket } from "@shared/mail/compose.ts";
import { api } from "../../../lib/api.ts";

const path = (token: string) => `/api/mail/large/${encodeURIComponent(token)}`;

export const largeFileApi = {
  /** Name, size, sender, validity, downloads, whether a password is needed (404 common.43 when gone). */
  info: (token: string) => api<LargeFileInfo>(`${path(token)}/info`, { anonymous: true }),
  /** A download ticket for the password (403 mail.large_password_wrong, 429 mail.large_too_many_attempts). */
  unlock: (token: string, password: string) =>
    api<LargeFileTicket>(`${path(token)}/unlock`, { method: "POST", json: { password }, anonymous: true }),
  /** The file's address: with a ticket for a file behind a password. */
  fileUrl: (token: string, ticket?: string) => `${path(token)}${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ""}`,
};

