// The leave side pane: 내 휴가 (own dashboard), 휴가 신청, and by role: 구성원 현황 (managers and HR), 승인 대기
// with its count (approvers, or whoever has something waiting), 미처리 사용 and 설정 (HR). On phones it sits in
// the shell's drawer, closed by picking something.
import { useQuery } from "@tanstack/react-query";
import { Link, useMatch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useCloseDrawer } from "../../../app/shell/SideDrawer.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { ICONS } from "../icons.ts";
import { useIsHr, useIsManager } from "../format.tsx";
import { pendingAllocationsQuery, pendingUsagesQuery } from "../queries.ts";

export function SidePane() {
  const { t } = useTranslation("leave");
  const close = useCloseDrawer();
  const me = useQuery(userDetailQuery).data;
  const hr = useIsHr();
  const manager = useIsManager();
  const usages = useQuery(pendingUsagesQuery);
  const allocations = useQuery(pendingAllocationsQuery);
  const waiting = (usages.data?.length ?? 0) + (allocations.data?.length ?? 0);
  const dashboard = useMatch({ from: "/app/leave/members/$id", shouldThrow: false });
  const members = useMatch({ from: "/app/leave/members", shouldThrow: false });
  const application = useMatch({ from: "/app/leave/application", shouldThrow: false });
  const pending = useMatch({ from: "/app/leave/pending", shouldThrow: false });
  const untracked = useMatch({ from: "/app/leave/untracked", shouldThrow: false });
  const setting = useMatch({ from: "/app/leave/setting", shouldThrow: false });
  const own = !!dashboard && me && dashboard.params.id === String(me.id);
  const current = (on: unknown) => (on ? ("page" as const) : undefined);

  return (
    <div className="lv-side-inner">
      <Link to="/leave/application" className="btn btn-primary lv-apply" onClick={close}>
        <SvgIcon d={ICONS.apply} size={18} />
        {t("side.apply")}
      </Link>
      <ul className="lv-side-list">
        <li>
          <Link to="/leave/members/$id" params={{ id: String(me?.id ?? 0) }} className="lv-side-link" aria-current={current(own)} onClick={close}>
            <SvgIcon d={ICONS.dashboard} size={18} />
            <span className="lv-side-name">{t("side.mine")}</span>
          </Link>
        </li>
        <li>
          <Link to="/leave/application" className="lv-side-link" aria-current={current(application)} onClick={close}>
            <SvgIcon d={ICONS.apply} size={18} />
            <span className="lv-side-name">{t("side.application")}</span>
          </Link>
        </li>
        {(hr || manager) && (
          <li>
            <Link to="/leave/members" className="lv-side-link" aria-current={current(members || (dashboard && !own))} onClick={close}>
              <SvgIcon d={ICONS.members} size={18} />
              <span className="lv-side-name">{t("side.members")}</span>
            </Link>
          </li>
        )}
        {(hr || manager || waiting > 0 || pending) && (
          <li>
            <Link to="/leave/pending" className="lv-side-link" aria-current={current(pending)} onClick={close}>
              <SvgIcon d={ICONS.pending} size={18} />
              <span className="lv-side-name">{t("side.pending")}</span>
              {waiting > 0 && <span className="lv-side-badge" aria-label={t("side.waiting", { count: waiting })}>{waiting}</span>}
            </Link>
          </li>
        )}
        {hr && (
          <>
            <li>
              <Link to="/leave/untracked" className="lv-side-link" aria-current={current(untracked)} onClick={close}>
                <SvgIcon d={ICONS.untracked} size={18} />
                <span className="lv-side-name">{t("side.untracked")}</span>
              </Link>
            </li>
            <li>
              <Link to="/leave/setting" className="lv-side-link" aria-current={current(setting)} onClick={close}>
                <SvgIcon d={ICONS.settings} size={18} />
                <span className="lv-side-name">{t("side.setting")}</span>
              </Link>
            </li>
          </>
        )}
      </ul>
    </div>
  );
}
