// The Korean particle 으로/로 after a word (a box name, a line type): 으로 after a final consonant other than
// ㄹ, 로 after a vowel or ㄹ. A word ending in a digit is read as Korean reads the number (1 일, 3 삼, …); a word
// ending in anything else (Latin letters, symbols) keeps the written-out choice "(으)로". The ko texts use it as
// the i18next format "ro" ({{box, ro}}: josa-format.ts).
const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The final consonant (jongseong index, 0 = none) of the digits as read in Korean: 영, 일, 이, 삼, 사, 오, 육, 칠, 팔, 구. */
const DIGIT_FINAL = [21, 8, 0, 16, 0, 0, 1, 8, 8, 0];
const RIEUL = 8;

/** 으로 or 로 for the word (what follows it directly), "(으)로" when its last letter is not Hangul or a digit. */
export function ro(word: string): string {
  const last = word.trimEnd().at(-1);
  if (!last) return "(으)로";
  const code = last.codePointAt(0)!;
  let final: number;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) final = (code - HANGUL_FIRST) % 28;
  else if (last >= "0" && last <= "9") final = DIGIT_FINAL[Number(last)];
  else return "(으)로";
  return final === 0 || final === RIEUL ? "로" : "으로";
}
