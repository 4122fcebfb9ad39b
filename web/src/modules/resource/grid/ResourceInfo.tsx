// A resource's name in the grid, opening its card in a popover: image (GET img/{id}), status, capacity, location,
// whether bookings need approval (and whether the user is the one who approves), and the description. A resource
// that cannot be booked shows why under its name.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button, Dialog, DialogTrigger, Heading, Popover } from "react-aria-components";
import type { Resource } from "@shared/resource/resources.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { ICONS } from "../icons.ts";
import { imageQuery } from "../queries.ts";
import { useTypeName } from "../type-name.ts";

export function ResourceInfo({ resource: r }: { resource: Resource }) {
  const { t } = useTranslation("resource");
  const note = r.status !== "IN_USE" ? t(`resourceStatus.${r.status}`) : !r.bookable ? t("grid.notAllowed") : r.needsApproval ? t("info.approval") : null;
  return (
    <DialogTrigger>
      <Button className="rs-name-btn" aria-label={t("info.open", { name: r.name })}>
        <span className="rs-name">{r.name}</span>
        {note && <span className="rs-name-note" data-closed={!r.bookable || undefined}>{note}</span>}
      </Button>
      <Popover className="rs-popover" placement="bottom start">
        <Dialog className="rs-info" aria-labelledby={`rs-info-${r.id}`}>
          <InfoCard resource={r} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function InfoCard({ resource: r }: { resource: Resource }) {
  const { t } = useTranslation("resource");
  const typeName = useTypeName();
  const img = useQuery({ ...imageQuery(r.id), enabled: r.hasImage });
  return (
    <>
      {r.hasImage && (img.data ? <img className="rs-info-img" src={img.data} alt={t("info.image", { name: r.name })} /> : <div className="rs-info-img" aria-hidden="true" />)}
      <Heading id={`rs-info-${r.id}`} className="rs-info-title">{r.name}</Heading>
      <dl className="rs-info-list">
        <dt>{t("info.type")}</dt>
        <dd>{typeName({ code: r.type, name: null })}</dd>
        <dt>{t("info.status")}</dt>
        <dd data-status={r.status}>{t(`resourceStatus.${r.status}`)}</dd>
        {r.capacity !== null && (
          <>
            <dt><SvgIcon d={ICONS.people} size={14} /> {t("info.capacity")}</dt>
            <dd>{t("info.people", { count: r.capacity })}</dd>
          </>
        )}
        {r.location && (
          <>
            <dt><SvgIcon d={ICONS.pin} size={14} /> {t("info.location")}</dt>
            <dd>{r.location}</dd>
          </>
        )}
        <dt>{t("info.approvalTitle")}</dt>
        <dd>{r.approverOf ? t("info.approvalYou") : r.needsApproval ? t("info.approval") : t("info.noApproval")}</dd>
      </dl>
      {r.description && <p className="rs-info-desc">{r.description}</p>}
    </>
  );
}
