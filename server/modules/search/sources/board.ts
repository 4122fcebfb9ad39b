// Boards: the boards' search (board/search/service.ts searchBoards, type post: the two-syllable index over
// titles and contents of the boards the caller may read). A hit opens the post; "all results" is the boards'
// search route (web/src/modules/board/paths.ts /board/search/{type}/{query}).
import { KEYWORD_MAX } from "../../../../shared/board/constants.ts";
import { searchQuery } from "../../../../shared/board/posts.ts";
import { searchBoards } from "../../board/search/service.ts";
import { jsonSegment, postLink } from "../../../lib/app-links.ts";
import { iso, type SearchSource } from "../source.ts";

export const boardSource: SearchSource = async (caller, keyword, size) => {
  // The boards search words of at most KEYWORD_MAX characters: a longer one is in no post's search.
  if ([...keyword].length > KEYWORD_MAX) return { hits: [], total: 0, moreLink: null };
  const found = await searchBoards(caller, "post", searchQuery.parse({ keyword, pageSize: size }));
  const posts = found.posts ?? { content: [], totalElements: 0 };
  return {
    hits: posts.content.map((p) => ({
      id: String(p.id),
      title: p.title,
      snippet: p.preview || null,
      where: p.boardName,
      at: iso(p.createdTimeMillis),
      link: postLink(p.id),
    })),
    total: posts.totalElements,
    moreLink: `/board/search/post/${jsonSegment({ keyword })}`,
  };
};
