// Wiki: the wiki's search (wiki/search/service.ts searchDocs: PUBLISHED documents the caller may read, title
// matches first). A hit opens the document; "all results" is /wiki/search/{keyword}.
import { searchDocs } from "../../wiki/search/service.ts";
import { iso, plainLine, type SearchSource } from "../source.ts";

export const wikiSource: SearchSource = async (caller, keyword, size) => {
  const page = await searchDocs(caller, { keyword, page: 0, size, type: "all" });
  return {
    hits: page.content.map((d) => ({
      id: String(d.id),
      title: d.title,
      snippet: plainLine(d.highlightedText) || null,
      // The root of its tree (a readable ancestor's title), when it is not the document itself.
      where: d.breadcrumbs.length > 1 && d.breadcrumbs[0].readable ? d.breadcrumbs[0].title : null,
      at: iso(d.lastModifiedTime),
      link: `/wiki/docs/${d.id}`,
    })),
    total: page.totalElements,
    moreLink: `/wiki/search/${encodeURIComponent(keyword)}`,
  };
};
