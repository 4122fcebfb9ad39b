// The draft's approval line: the groups APPROVAL, RECEIVE, CC and SHARE with each line in order, the errors the
// server found at a line (a refused submit's params.lines), and "결재선 지정" opening the line editor.
import { useTranslation } from "react-i18next";
import { LINE_GROUPS } from "@shared/approval/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { errorText } from "../../../lib/i18n.ts";
import { byGroup, type EditorLine, flatten } from "../lines/model.ts";

export function LinePanel({ lines, errors, onEdit }: { lines: EditorLine[]; errors: string[][]; onEdit(): void }) {
  const { t } = useTranslation("approval");
  const groups = byGroup(lines);
  const flat = flatten(lines);
  return (
    <section className="ad-card ad-lines" aria-labelledby="ad-lines-title">
      <div className="ad-card-head">
        <h2 id="ad-lines-title" className="ad-card-title">{t("draft.lines")}</h2>
        <Button variant="secondary" onPress={onEdit}>{t("draft.editLines")}</Button>
      </div>
      {!lines.length && <p className="ad-muted">{t("draft.noLines")}</p>}
      {LINE_GROUPS.filter((g) => groups[g].length).map((g) => (
        <div key={g} className="ad-line-group">
          <h3 className="ad-line-group-title">{t(`lines.group.${g}`)}</h3>
          <ol className="ad-line-list">
            {groups[g].map((l, i) => {
              const errs = errors[flat.indexOf(l)] ?? [];
              return (
                <li key={i} className={errs.length ? "ad-line ad-line-invalid" : "ad-line"}>
                  <span className="ad-line-order" aria-hidden="true">{i + 1}</span>
                  <span className="ad-line-who">
                    <span className="ad-line-name">{l.name}</span>
                    <span className="ad-muted">{t(`lines.type.${l.type}`)}{l.detail ? ` · ${l.detail}` : ""}</span>
                    {errs.map((c) => <span key={c} className="field-error">{errorText(c)}</span>)}
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </section>
  );
}
