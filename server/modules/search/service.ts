// The search across modules (shared/search.ts GET /api/search): every module the caller's company uses (of
// those asked) answers at once through its adapter (sources/), which calls the module's own search with the
// caller, so each group holds only what that module lets them see. A module that fails answers its group
// with error common.500 (logged) while the others answer; one whose own search refuses the keyword (its 400,
// e.g. a word of punctuation only) answers no hits.
import { SEARCH_MODULES, type SearchAnswer, type SearchGroup, type SearchModule, type SearchQuery } from "../../../shared/search.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { usedModules } from "../company/service.ts";
import type { SearchSource } from "./source.ts";
import { boardSource } from "./sources/board.ts";
import { calendarSource } from "./sources/calendar.ts";
import { contactSource } from "./sources/contact.ts";
import { driveSource } from "./sources/drive.ts";
import { flowSource } from "./sources/flow.ts";
import { mailSource } from "./sources/mail.ts";
import { messengerSource } from "./sources/messenger.ts";
import { wikiSource } from "./sources/wiki.ts";
import { workflowSource } from "./sources/workflow.ts";

const SOURCES: Record<SearchModule, SearchSource> = {
  mail: mailSource,
  contact: contactSource,
  drive: driveSource,
  calendar: calendarSource,
  board: boardSource,
  wiki: wikiSource,
  flow: flowSource,
  workflow: workflowSource,
  messenger: messengerSource,
};

export async function searchAll(caller: Caller, q: SearchQuery): Promise<SearchAnswer> {
  const used = await usedModules(caller);
  const asked = q.modules ? SEARCH_MODULES.filter((m) => q.modules!.includes(m)) : [...SEARCH_MODULES];
  const modules = asked.filter((m) => used.has(m));
  const groups = await Promise.all(modules.map(async (module): Promise<SearchGroup> => {
    try {
      const a = await SOURCES[module](caller, q.keyword, q.size);
      return { module, hits: a.hits.slice(0, q.size), total: a.total, moreLink: a.moreLink };
    } catch (e) {
      // The module refuses this keyword by its own rules (a 400 of its search): it has nothing to show for it.
      if (e instanceof AppError && e.status === 400) return { module, hits: [], total: 0, moreLink: null };
      caller.deps.log.error(`search: the ${module} module failed`, e);
      return { module, hits: [], total: null, moreLink: null, error: "common.500" };
    }
  }));
  return { keyword: q.keyword, groups };
}
