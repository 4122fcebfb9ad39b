// Messenger: the messenger's search (messenger/search.ts: messages of the caller's rooms). The messenger is a
// window, not a route: a hit's link "/messenger/{roomId}/{messageId}" (a thread's reply: ".../thread/{parentId}",
// as the bell's mentions) is what the web opens with openRoom(roomId, { around, threadId }); no "all results".
import { SEARCH_PAGE } from "../../../../shared/messenger/constants.ts";
import { search } from "../../messenger/search.ts";
import { messengerLink } from "../../../lib/app-links.ts";
import { iso, type SearchSource } from "../source.ts";

export const messengerSource: SearchSource = async (caller, keyword, size) => {
  const page = await search(caller, { keyword, page: 0 });
  return {
    hits: page.content.slice(0, Math.min(size, SEARCH_PAGE)).map(({ message: m, roomName }) => ({
      id: String(m.id),
      title: roomName,
      snippet: m.text ? `${m.sender ? `${m.sender.name}: ` : ""}${m.text}` : null,
      where: null,
      at: iso(m.createdAt),
      link: messengerLink(m.roomId, m.id, m.parentId),
    })),
    total: page.totalElements,
    moreLink: null,
  };
};
