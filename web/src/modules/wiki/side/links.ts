// Links and navigations of the wiki's screens ({...wikiLinks.doc(id)} on a Link, or navigate(wikiLinks.doc(id))),
// typed loosely: the parts mount their routes through untyped route functions. Addresses: ../paths.ts.
import { docPath } from "../paths.ts";

const loose = (to: string, params?: Record<string, string>) => ({ to: to as "/wiki", params: params as never });

export const wikiLinks = {
  home: () => loose("/wiki"),
  doc: (id: number) => loose(docPath(id)),
  search: (keyword: string) => loose("/wiki/search/$keyword", { keyword }),
  trash: () => loose("/wiki/trash"),
};

/** The document the path shows (/wiki/docs/{id}), or null. */
export function currentDocOf(pathname: string): number | null {
  const m = /^\/wiki\/docs\/(\d{1,15})(?:\/|$)/.exec(pathname);
  return m && Number(m[1]) > 0 ? Number(m[1]) : null;
}
