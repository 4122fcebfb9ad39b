// The boards' addresses as the UI reads them (001 §2): the search address's query (a keyword of 1–50
// characters or tags; anything malformed or out of range is no search, which sends the screen to /board), its
// text as the form writes it, the board a path names (special folders by name or id), and the board the side
// pane marks for the address shown.
import { describe, expect, test } from "vitest";
import { keywordOk, parseSearch, searchText } from "../../web/src/modules/board/search/query.ts";
import { boardIdOf, boardSegment, parseListAction } from "../../web/src/modules/board/paths.ts";
import { currentBoardOf } from "../../web/src/modules/board/side/current.ts";

describe("the search address", () => {
  test("a keyword, tags, the field, the page and its size", () => {
    expect(parseSearch("all", '{"keyword":"실적"}')).toEqual({ keyword: "실적", tags: [], searchType: "ALL", page: 1, pageSize: 5 });
    expect(parseSearch("post", '{"keyword":" 회의록 ","searchType":"TITLE","page":3,"pageSize":20}'))
      .toEqual({ keyword: "회의록", tags: [], searchType: "TITLE", page: 3, pageSize: 20 });
    expect(parseSearch("reply", '{"tags":[4,7]}')).toEqual({ keyword: "", tags: [4, 7], searchType: "ALL", page: 1, pageSize: 10 });
    expect(parseSearch("file", `{"keyword":"${"가".repeat(50)}"}`)?.keyword).toHaveLength(50);
  });

  test("no search: bad JSON, an unknown type or field, no keyword nor tags, too long, pages out of range", () => {
    const bad: [string, string][] = [
      ["all", "not-json"],
      ["all", "[1,2]"],
      ["all", "null"],
      ["books", '{"keyword":"실적"}'],
      ["all", '{"keyword":""}'],
      ["all", '{"keyword":"   "}'],
      ["all", "{}"],
      ["all", `{"keyword":"${"가".repeat(51)}"}`],
      ["all", '{"keyword":3}'],
      ["all", '{"keyword":"실적","searchType":"BODY"}'],
      ["all", '{"keyword":"실적","page":0}'],
      ["all", '{"keyword":"실적","page":1.5}'],
      ["all", '{"keyword":"실적","pageSize":51}'],
      ["all", '{"keyword":"실적","pageSize":"10"}'],
      ["all", '{"tags":[0]}'],
      ["all", '{"tags":"1,2"}'],
      ["all", '{"tags":[1,2,3,4,5,6,7,8,9,10,11]}'],
    ];
    for (const [type, q] of bad) expect(parseSearch(type, q), `${type} ${q}`).toBeNull();
  });

  test("the form's text leaves the defaults out and reads back the same", () => {
    const text = searchText({ keyword: "실적", tags: [2], searchType: "CONTENT", page: 2 });
    expect(text).toBe('{"keyword":"실적","tags":[2],"searchType":"CONTENT","page":2}');
    expect(parseSearch("post", text)).toEqual({ keyword: "실적", tags: [2], searchType: "CONTENT", page: 2, pageSize: 10 });
    expect(searchText({ keyword: "실적", tags: [], searchType: "ALL", page: 1 })).toBe('{"keyword":"실적"}');
  });

  test("a keyword needs 1 to 50 characters, or any with tags", () => {
    expect(keywordOk("가", [])).toBe(true);
    expect(keywordOk("", [])).toBe(false);
    expect(keywordOk("", [1])).toBe(true);
    expect(keywordOk("가".repeat(51), [1])).toBe(false);
  });
});

describe("board addresses", () => {
  test("a board by number, a special folder by name or id; anything else none", () => {
    expect(boardIdOf("12")).toBe(12);
    expect(["all", "my", "mention", "trash", "notice"].map(boardIdOf)).toEqual([-1, -2, -3, -4, -5]);
    expect(boardIdOf("-4")).toBe(-4);
    for (const bad of ["", "0", "-6", "abc", "1.5", "12abc", "9".repeat(16)]) expect(boardIdOf(bad), bad).toBeNull();
    expect([-1, -4, 7].map(boardSegment)).toEqual(["all", "trash", "7"]);
    expect(parseListAction('{"viewType":"LIST","page":3}')).toEqual({ viewType: "LIST", page: 3 });
    expect(parseListAction('{"viewType":"GRID","page":-1}')).toEqual({ viewType: undefined, page: 1 });
  });

  test("the board the side pane marks: a list's, a post page's from its actionObj, none elsewhere", () => {
    expect(currentBoardOf("/board/12")).toBe(12);
    expect(currentBoardOf("/board/trash/%7B%22page%22%3A2%7D")).toBe(-4);
    expect(currentBoardOf(`/board/view/5/${encodeURIComponent('{"boardId":12,"page":1}')}`)).toBe(12);
    expect(currentBoardOf("/board/view/5/not-json")).toBe(-1);
    expect(currentBoardOf(`/board/search/all/${encodeURIComponent('{"keyword":"실적"}')}`)).toBeNull();
    expect(currentBoardOf("/board/config/manage")).toBeNull();
    expect(currentBoardOf("/board/write/%7B%7D")).toBeNull();
    expect(currentBoardOf("/mail/1")).toBeNull();
  });
});
