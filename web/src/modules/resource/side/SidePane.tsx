// The booking side pane: quick booking (now, rounded up to the next slot, for one hour), a small month to jump to
// a day, the types (ALL, then those with resources from GET types: built-ins translated, custom ones by name),
// and the lists: my bookings, and — for an approver (a resource of today's ALL list has approverOf, the list the
// booking dialog reads too), or anyone with bookings waiting — waiting for my approval. On phones it sits in the
// shell's drawer, closed by picking something.
import { useQuery } from "@tanstack/react-query";
import { Link, useMatch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ALL_TYPES } from "@shared/resource/constants.ts";
import { useCloseDrawer } from "../../../app/shell/SideDrawer.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { today } from "../dates.ts";
import { ICONS } from "../icons.ts";
import { dayQuery, pendingQuery, typesQuery } from "../queries.ts";
import { useTypeName } from "../type-name.ts";
import { quickDraft, useResourceUi } from "../ui-state.ts";
import { MiniMonth } from "./MiniMonth.tsx";

export function SidePane() {
  const { t } = useTranslation("resource");
  const close = useCloseDrawer();
  const ui = useResourceUi();
  const typeName = useTypeName();
  const types = useQuery(typesQuery);
  const pending = useQuery(pendingQuery);
  const approver = useQuery({ ...dayQuery(today(), ALL_TYPES, "day"), select: (d) => d.resources.some((r) => r.approverOf) }).data ?? false;
  const grid = useMatch({ from: "/app/resource/$date/$type", shouldThrow: false });
  const mine = useMatch({ from: "/app/resource/mine", shouldThrow: false });
  const approvals = useMatch({ from: "/app/resource/approvals", shouldThrow: false });
  const date = grid?.params.date ?? today();
  const type = grid?.params.type;
  const search = grid?.search ?? {};
  const waiting = pending.data?.length ?? 0;

  function quick() {
    close();
    ui.openBooking({ mode: "save", draft: quickDraft() });
  }

  return (
    <div className="rs-side-inner">
      <Button className="rs-quick" onPress={quick}>
        <SvgIcon d={ICONS.plus} size={18} />
        {t("side.quick")}
      </Button>
      <MiniMonth value={date} onPick={close} type={type ?? ALL_TYPES} search={search} />
      <section aria-labelledby="rs-types-title">
        <h2 id="rs-types-title" className="rs-side-title">{t("side.types")}</h2>
        <ul className="rs-side-list">
          {[{ code: ALL_TYPES, name: null as string | null, resourceCount: -1 }, ...(types.data ?? [])].map((ty) => (
            <li key={ty.code}>
              <Link to="/resource/$date/$type" params={{ date, type: ty.code }} search={search} className="rs-side-link"
                aria-current={type === ty.code ? "page" : undefined} onClick={close}>
                <span className="rs-side-name">{ty.code === ALL_TYPES ? t("type.ALL") : typeName(ty)}</span>
                {ty.resourceCount >= 0 && <span className="rs-side-count" aria-label={t("side.count", { count: ty.resourceCount })}>{ty.resourceCount}</span>}
              </Link>
            </li>
          ))}
        </ul>
        {types.isError && <p className="rs-error" role="alert">{t("loadFailed")}</p>}
      </section>
      <ul className="rs-side-list rs-side-lists">
        <li>
          <Link to="/resource/mine" className="rs-side-link" aria-current={mine ? "page" : undefined} onClick={close}>
            <SvgIcon d={ICONS.list} size={18} />
            <span className="rs-side-name">{t("side.mine")}</span>
          </Link>
        </li>
        {(approver || waiting > 0 || approvals) && (
          <li>
            <Link to="/resource/approvals" className="rs-side-link" aria-current={approvals ? "page" : undefined} onClick={close}>
              <SvgIcon d={ICONS.check} size={18} />
              <span className="rs-side-name">{t("side.approvals")}</span>
              {waiting > 0 && <span className="rs-side-count rs-side-badge" aria-label={t("side.waiting", { count: waiting })}>{waiting}</span>}
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}
