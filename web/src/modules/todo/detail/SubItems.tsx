// The item's sub-items in the detail panel (002 §4 "opening the detail loads them"): their titles, each opening
// its own detail, with the counters a sub-item carries. A sub-item's panel lists none (sub-items have no
// sub-items: SUB_DEPTH_MAX) and offers the way back to its parent instead.
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button.tsx";
import { useSubItems } from "../board-data/index.ts";

export function SubItems({ groupId, itemId, open }: {
  groupId: number;
  itemId: number;
  open(item: { groupId: number; itemId: number; parentId?: number }): void;
}) {
  const { t } = useTranslation("todo");
  const subs = useSubItems(groupId, itemId);
  const list = (subs.data ?? []).filter((s) => s.id > 0);
  return (
    <section className="td-detail-section wk-section" aria-label={t("detail.subItems")}>
      <div className="wk-section-head">
        <h2 className="wk-section-title">{t("detail.subItems")}</h2>
        <span className="wk-muted">{t("detail.subCount", { count: list.length })}</span>
      </div>
      {subs.isPending && <p className="wk-muted wk-empty">{t("detail.loading")}</p>}
      {subs.isSuccess && list.length === 0 && <p className="wk-muted wk-empty">{t("detail.noSubItems")}</p>}
      {list.length > 0 && (
        <ul className="td-sub-list">
          {list.map((s) => (
            <li key={s.id} className="td-sub">
              <Button variant="ghost" className="td-sub-open" onPress={() => open({ groupId: s.groupId, itemId: s.id, parentId: itemId })}>
                {s.title}
              </Button>
              {s.checkListCnt > 0 && <span className="wk-muted">{t("detail.checkCounter", { done: s.checkListDoneCnt, total: s.checkListCnt })}</span>}
              {s.commentCnt > 0 && <span className="wk-muted">{t("detail.commentCounter", { count: s.commentCnt })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
