// The particle 으로/로 the approval screens put after a box or line type name (web/src/modules/approval/josa.ts):
// 으로 after a final consonant other than ㄹ, 로 after a vowel or ㄹ, digits read in Korean, else "(으)로".
import { describe, expect, test } from "vitest";
import { ro } from "../../web/src/modules/approval/josa.ts";

describe("으로/로", () => {
  test("after the box names and line types of the approval screens", () => {
    const words = ["결재 대기", "접수 완료", "회수 문서", "부서 수신", "문서대장", "공람", "결재", "부서 협조", "반려한 문서", "임시 저장"];
    expect(words.map((w) => w + ro(w))).toEqual([
      "결재 대기로", "접수 완료로", "회수 문서로", "부서 수신으로", "문서대장으로", "공람으로", "결재로", "부서 협조로", "반려한 문서로", "임시 저장으로",
    ]);
  });

  test("ㄹ takes 로; digits as read in Korean; other endings keep (으)로", () => {
    expect(["서울", "파일", "2층", "1", "3", "10", "Finance", "", "총무팀 "].map(ro)).toEqual(["로", "로", "으로", "로", "으로", "으로", "(으)로", "(으)로", "으로"]);
  });
});
