// The search lexemes mail is filed with (search/tokens.ts, computed for every message at ingest): CJK text
// as overlapping two-character grams, other scripts as whole words, full-width forms folded, characters
// beyond the BMP kept whole, in the order they appear. The expected values are those of the original
// character-by-character splitter, which the faster one (ingest speed) must reproduce exactly.
import { describe, expect, test } from "vitest";
import { lexemes, queryTerm, searchVectorLiteral } from "../../../server/modules/mail/search/tokens.ts";

const cases: [string, string[], { all: string[]; prefix: string[] }][] = [
  ["Quarterly 보고서를 첨부합니다", ["quarterly", "보고", "고서", "서를", "첨부", "부합", "합니", "니다"], { all: ["보고", "고서", "서를", "첨부", "부합", "합니", "니다"], prefix: ["quarterly"] }],
  ["abc회의록def 123가나", ["abc", "회의", "의록", "def", "123", "가나"], { all: ["회의", "의록", "가나"], prefix: ["abc", "def", "123"] }],
  ["ＡＢＣ　한글ｶﾀｶﾅ", ["abc", "한글", "글カ", "カタ", "タカ", "カナ"], { all: ["한글", "글カ", "カタ", "タカ", "カナ"], prefix: ["abc"] }],
  ["漢字𠀀𠀁テスト", ["漢字", "字𠀀", "𠀀𠀁", "𠀁テ", "テス", "スト"], { all: ["漢字", "字𠀀", "𠀀𠀁", "𠀁テ", "テス", "スト"], prefix: [] }],
  ["ᄀᄁ x", ["ᄀᄁ", "x"], { all: ["ᄀᄁ"], prefix: ["x"] }],
  ["O'Brien \\path", ["o", "brien", "path"], { all: [], prefix: ["o", "brien", "path"] }],
  ["é café Ωmega", ["é", "café", "ωmega"], { all: [], prefix: ["é", "café", "ωmega"] }],
  ["회", ["회"], { all: [], prefix: ["회"] }],
];

describe("search lexemes", () => {
  test.each(cases)("%s", (text, expected, term) => {
    expect(lexemes(text)).toEqual(expected);
    expect(queryTerm(text)).toEqual(term);
  });

  test("the vector literal weighs each field and stops at the lexeme limit", () => {
    expect(searchVectorLiteral({ subject: "회의록 O'Brien", addresses: "Kim kim@a.test", body: "본문 text", attachmentNames: "파일.txt" }))
      .toBe("'회의':1A '의록':1A 'o':1A 'brien':1A 'kim':2B 'a':2B 'test':2B '본문':3C 'text':3C '파일':4D 'txt':4D");
    const many = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(" ");
    expect(lexemes(many)).toHaveLength(4000);
    expect(lexemes(many, 3)).toEqual(["w0", "w1", "w2"]);
  });
});
