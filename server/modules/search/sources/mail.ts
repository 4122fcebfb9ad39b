// Mail: the mail module's search (mail/search/service.ts runSearch: its Korean-aware index over the caller's
// mailboxes), without writing the search history. A hit opens in the mail view; "all results" is the mail
// list of the same search (web/src/modules/mail/route-params.ts mailPaths).
import type { SearchOptions } from "../../../../shared/mail/search.ts";
import { runSearch } from "../../mail/search/service.ts";
import { jsonSegment, mailLink } from "../../../lib/app-links.ts";
import { iso, type SearchSource } from "../source.ts";

export const mailSource: SearchSource = async (caller, keyword, size) => {
  const opts = { type: "all", query: keyword } as SearchOptions;
  const page = await runSearch(caller, opts, 0, size, { requireWord: true });
  return {
    hits: page.mails.map((m) => ({
      id: String(m.mailId),
      title: m.subject,
      snippet: m.snippet || null,
      where: m.fromName || m.fromAddress || null,
      at: iso(m.receivedTimeMillis),
      link: mailLink(m.folderId, m.mailId),
    })),
    total: page.totalElements,
    moreLink: `/mail/all/1/${jsonSegment({ search: { query: keyword } })}`,
  };
};
