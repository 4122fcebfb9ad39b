// The pinned notices of a room: the latest under the title, a click jumps to it; with more, a list of them all,
// each to jump to or to unpin.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button, Dialog, DialogTrigger, Popover } from "react-aria-components";
import type { RoomDetail } from "@shared/messenger/api.ts";
import { unpinMessage } from "../api.ts";
import { previewOf } from "../queries.ts";
import { openRoom } from "../store.ts";
import { SvgIcon } from "../../../ui/icons.tsx";

const PIN = "M12 17v5M9 10.8V4h6v6.8l3 3.2v2H6v-2z";

export function PinnedBar({ room }: { room: RoomDetail }) {
  const { t } = useTranslation("messenger");
  const qc = useQueryClient();
  const latest = room.pins[0];
  const go = (id: number) => openRoom(room.id, { around: id });
  return (
    <div className="msg-pinned" role="region" aria-label={t("pins.title")}>
      <SvgIcon d={PIN} size={16} />
      <Button className="msg-pinned-main" onPress={() => go(latest.id)} aria-label={t("pins.open", { text: previewOf(latest) })}>
        <span className="msg-pinned-text">{previewOf(latest) || t("message.deleted")}</span>
      </Button>
      <DialogTrigger>
        <Button className="msg-pinned-more">{t("pins.all", { count: room.pins.length })}</Button>
        <Popover className="menu-popover msg-popover" placement="bottom end">
          <Dialog className="msg-pins" aria-label={t("pins.title")}>
            {({ close }) => (
              <ul>
                {room.pins.map((p) => (
                  <li key={p.id} className="msg-pin">
                    <Button className="msg-pin-text" onPress={() => {
                      close();
                      go(p.id);
                    }}>
                      <strong>{p.sender?.name}</strong> {previewOf(p) || t("message.deleted")}
                    </Button>
                    <Button className="btn btn-ghost" aria-label={t("pins.unpinNamed", { text: previewOf(p) })}
                      onPress={() => void unpinMessage(room.id, p.id).then(() => qc.invalidateQueries({ queryKey: ["messenger", "room", room.id] }))}>
                      {t("message.unpin")}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
