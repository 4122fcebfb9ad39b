// "Write mail" from the address book: the mail composer (the write route, as the mail module opens a blank
// mail to someone: WriteAction.to) with the cards' addresses, "Name" <address>, each once.
import type { QueryClient } from "@tanstack/react-query";
import type { useNavigate } from "@tanstack/react-router";
import type { ContactCard } from "@shared/contacts/cards.ts";
import type { ComposeDraft } from "@shared/mail/compose.ts";
import { api } from "../../lib/api.ts";

export function recipientsOf(cards: Pick<ContactCard, "userName" | "emailList">[], all = false): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of cards) {
    for (const address of all ? c.emailList : c.emailList.slice(0, 1)) {
      const key = address.toLowerCase();
      if (!address || seen.has(key)) continue;
      seen.add(key);
      const name = c.userName.replace(/["<>\\]/g, "").trim();
      out.push(name ? `"${name}" <${address}>` : address);
    }
  }
  return out;
}

export async function writeMail(navigate: ReturnType<typeof useNavigate>, qc: QueryClient, to: string[]) {
  const [{ firstMailFolder }, { mailPaths }] = await Promise.all([import("../mail/queries.ts"), import("../mail/route-params.ts")]);
  const folderId = await firstMailFolder(qc);
  await navigate(mailPaths.write(Number(folderId), 1, { to }));
}

/** The addresses of a group's cards, by the compose entry "contact" (GET api/mails/v2/contact?groupId=). */
export async function groupRecipients(groupId: number): Promise<string[]> {
  const draft = await api<ComposeDraft>("/api/mails/v2/contact", { query: { groupId } });
  return draft.to.map((e) => e.value);
}
