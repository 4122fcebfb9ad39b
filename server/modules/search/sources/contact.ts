// Contacts: the address book's list with its search word (contacts/cards/browse.ts listCards: the caller's own
// cards by name, e-mail, phone, company or department). The address book opens cards from its list, so a hit
// opens the list searched for that card's address (or name); "all results" is the list searched for the word.
import { listCards } from "../../contacts/cards/browse.ts";
import { cardListQuery } from "../../../../shared/contacts/cards.ts";
import { jsonSegment } from "../../../lib/app-links.ts";
import type { SearchSource } from "../source.ts";

const searchList = (word: string) => `/contact/list/search/1/${jsonSegment({ searchWord: word })}`;

export const contactSource: SearchSource = async (caller, keyword, size) => {
  const page = await listCards(caller, cardListQuery.parse({ searchWord: keyword, pageSize: size }));
  return {
    hits: page.content.map((c) => ({
      id: String(c.id),
      title: c.userName || [c.lastName, c.firstName].filter(Boolean).join(" ") || c.emailList[0] || "",
      snippet: c.emailList[0] ?? c.telList[0] ?? null,
      where: [c.company, c.organ].filter(Boolean).join(" ") || null,
      at: null,
      link: searchList(c.emailList[0] ?? c.userName ?? keyword),
    })),
    total: page.totalElements,
    moreLink: searchList(keyword),
  };
};
