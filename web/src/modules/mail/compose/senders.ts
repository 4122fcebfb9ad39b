// Who the user may send as (000 §6): their own address, then their aliases (GET /api/alias/me), then external
// accounts with SMTP on and certified (GET /api/mail/config/external). A list that cannot be loaded counts as
// empty: the own address always remains.
import { queryOptions } from "@tanstack/react-query";
import type { AliasList } from "@shared/mail/aliases.ts";
import { api } from "../../../lib/api.ts";

export interface SenderChoice {
  /** The select's key: own, alias:{id}, external:{id}. */
  key: string;
  email: string;
  senderType: "DOMAIN" | "EXTERNAL";
  senderId: number | null;
}

/** The fields of an external account the sender choice reads (shared/mail/external.ts has the whole account). */
interface ExternalSender {
  id: number;
  email: string;
  useSmtp: boolean;
  smtpStatus: string;
}

export const senderChoicesQuery = queryOptions({
  queryKey: ["mail", "senders"] as const,
  queryFn: async () => {
    const [aliases, external] = await Promise.all([
      api<AliasList>("/api/alias/me").then((r) => r.aliases ?? [], () => []),
      api<{ accounts: ExternalSender[] }>("/api/mail/config/external").then((r) => r.accounts ?? [], () => []),
    ]);
    return {
      aliases: aliases.map((a): SenderChoice => ({ key: `alias:${a.id}`, email: a.address, senderType: "DOMAIN", senderId: a.id })),
      external: external.filter((a) => a.useSmtp && a.smtpStatus === "SUCCEEDED_CERTIFICATE")
        .map((a): SenderChoice => ({ key: `external:${a.id}`, email: a.email, senderType: "EXTERNAL", senderId: a.id })),
    };
  },
  staleTime: 60_000,
});

/** The choices in order, the own address first. */
export function senderChoices(own: string, more?: { aliases: SenderChoice[]; external: SenderChoice[] }): SenderChoice[] {
  const list: SenderChoice[] = [{ key: "own", email: own, senderType: "DOMAIN", senderId: null }];
  for (const c of [...(more?.aliases ?? []), ...(more?.external ?? [])]) {
    if (!list.some((x) => x.email.toLowerCase() === c.email.toLowerCase() && x.senderType === c.senderType)) list.push(c);
  }
  return list;
}

/** The choice a compose state stands for (by type and address); the own address when none matches. */
export function currentChoice(list: SenderChoice[], senderType: string, email: string): SenderChoice {
  const e = email.toLowerCase();
  return list.find((c) => c.senderType === senderType && c.email.toLowerCase() === e) ?? list[0];
}
