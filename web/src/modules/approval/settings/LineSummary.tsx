// A line list in one line of text per group: "결재: 김철수 → 이영희 → 박민수".
import { useTranslation } from "react-i18next";
import { LINE_GROUPS } from "@shared/approval/constants.ts";
import { byGroup, type EditorLine } from "../lines/model.ts";

export function LineSummary({ lines }: { lines: EditorLine[] }) {
  const { t } = useTranslation("approval");
  const groups = byGroup(lines);
  if (!lines.length) return <p className="as-muted">{t("draft.noLines")}</p>;
  return (
    <dl className="as-summary">
      {LINE_GROUPS.filter((g) => groups[g].length).map((g) => (
        <div key={g} className="as-summary-row">
          <dt>{t(`lines.group.${g}`)}</dt>
          <dd>{groups[g].map((l) => l.name).join(" → ")}</dd>
        </div>
      ))}
    </dl>
  );
}
