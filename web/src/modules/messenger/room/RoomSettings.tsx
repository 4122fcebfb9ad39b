// A room's settings: name and description (the owner of a group or channel), members (add; the owner removes
// and hands over), the user's own mute and hide, leave, and delete (the owner).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RoomDetail } from "@shared/messenger/api.ts";
import type { UserInfo } from "@shared/users.ts";
import { ROOM_DESCRIPTION_MAX, ROOM_NAME_MAX } from "@shared/messenger/constants.ts";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { errorText } from "../../../lib/i18n.ts";
import type { ApiError } from "../../../lib/api.ts";
import { addMembers, deleteRoom, handOver, leaveRoom, removeMember, roomSettings, updateRoom } from "../api.ts";
import { roomsKey } from "../queries.ts";
import { showList } from "../store.ts";
import { PeoplePicker } from "../list/PeoplePicker.tsx";
import type { Person } from "../list/people.ts";

export function RoomSettings({ me, room, onClose }: { me: UserInfo; room: RoomDetail; onClose(): void }) {
  const { t } = useTranslation("messenger");
  const qc = useQueryClient();
  const owner = room.me?.role === "OWNER";
  const named = room.kind === "GROUP" || room.kind === "CHANNEL";
  const [name, setName] = useState(room.name);
  const [description, setDescription] = useState(room.description);
  const [people, setPeople] = useState<Person[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const onError = (e: Error) => setError(errorText((e as ApiError).code, (e as ApiError).params));
  const refresh = (d?: RoomDetail) => {
    if (d) qc.setQueryData(["messenger", "room", room.id], d);
    else void qc.invalidateQueries({ queryKey: ["messenger", "room", room.id] });
    void qc.invalidateQueries({ queryKey: roomsKey });
  };
  const gone = () => {
    void qc.invalidateQueries({ queryKey: roomsKey });
    onClose();
    showList();
  };
  const save = useMutation({
    mutationFn: () => updateRoom(room.id, { name: name.trim(), description: description.trim() }),
    onSuccess: (d) => {
      refresh(d);
      setSaved(true);
    },
    onError,
  });
  const add = useMutation({ mutationFn: () => addMembers(room.id, people.map((p) => p.id)), onSuccess: (d) => (setPeople([]), refresh(d)), onError });
  const remove = useMutation({ mutationFn: (u: number) => removeMember(room.id, u), onSuccess: () => refresh(), onError });
  const owner2 = useMutation({ mutationFn: (u: number) => handOver(room.id, u), onSuccess: (d) => refresh(d), onError });
  const own = useMutation({ mutationFn: (s: { muted?: boolean; hidden?: boolean }) => roomSettings(room.id, s), onSuccess: () => refresh(), onError });
  const leave = useMutation({ mutationFn: () => leaveRoom(room.id), onSuccess: gone, onError });
  const del = useMutation({ mutationFn: () => deleteRoom(room.id), onSuccess: gone, onError });
  const canAdd = room.kind === "GROUP" || (room.kind === "CHANNEL" && (owner || room.visibility === "PUBLIC"));

  return (
    <Dialog title={t("settings.title", { name: room.name })} isOpen onClose={onClose} width={480}>
      <div className="msg-form msg-settings-body">
        {named && owner && (
          <form className="msg-form" onSubmit={(e) => {
            e.preventDefault();
            setSaved(false);
            if (name.trim()) save.mutate();
          }}>
            <TextField label={t("channel.name")} value={name} onChange={setName} maxLength={ROOM_NAME_MAX} isRequired />
            <TextField label={t("channel.description")} value={description} onChange={setDescription} maxLength={ROOM_DESCRIPTION_MAX} />
            <div className="dialog-actions">
              {saved && <span className="msg-muted" role="status">{t("settings.saved")}</span>}
              <Button type="submit" variant="secondary" isDisabled={save.isPending}>{t("settings.save")}</Button>
            </div>
          </form>
        )}
        {named && !owner && room.description && <p>{room.description}</p>}
        <Switch label={t("settings.mute")} description={t("settings.muteHint")} isSelected={!!room.me?.muted} onChange={(v) => own.mutate({ muted: v })} />
        <Switch label={t("settings.hide")} description={t("settings.hideHint")} isSelected={!!room.me?.hidden} onChange={(v) => own.mutate({ hidden: v })} />
        {room.kind !== "SELF" && (
          <section aria-labelledby="msg-members-title">
            <h3 id="msg-members-title" className="msg-section-title">{t("settings.members", { count: room.members.length })}</h3>
            <ul className="msg-member-list">
              {room.members.map((m) => (
                <li key={m.userId} className="msg-member">
                  <span className="msg-room-main">
                    <span>{m.name}{m.role === "OWNER" && <span className="msg-tag">{t("settings.owner")}</span>}{m.userId === me.id && <span className="msg-muted"> ({t("list.me")})</span>}</span>
                    <span className="msg-muted">{[m.position, m.organName].filter(Boolean).join(" · ") || m.email}</span>
                  </span>
                  {owner && m.userId !== me.id && named && (
                    <>
                      <Button variant="ghost" onPress={() => owner2.mutate(m.userId)} aria-label={t("settings.makeOwnerNamed", { name: m.name })}>{t("settings.makeOwner")}</Button>
                      <Button variant="ghost" onPress={() => remove.mutate(m.userId)} aria-label={t("settings.removeNamed", { name: m.name })}>{t("settings.remove")}</Button>
                    </>
                  )}
                </li>
              ))}
            </ul>
            {canAdd && (
              <form className="msg-form" onSubmit={(e) => {
                e.preventDefault();
                if (people.length) add.mutate();
              }}>
                <PeoplePicker label={t("settings.add")} chosen={people} onChange={setPeople} exclude={room.members.map((m) => m.userId)} />
                {people.length > 0 && <div className="dialog-actions"><Button type="submit" isDisabled={add.isPending}>{t("settings.invite")}</Button></div>}
              </form>
            )}
          </section>
        )}
        {error && <p className="field-error" role="alert">{error}</p>}
        <div className="dialog-actions">
          {named && <Button variant="secondary" onPress={() => leave.mutate()}>{t("settings.leave")}</Button>}
          {named && owner && <Button variant="danger" onPress={() => setConfirm(true)}>{t("settings.delete")}</Button>}
          <Button onPress={onClose}>{t("close")}</Button>
        </div>
      </div>
      {confirm && (
        <Dialog title={t("settings.delete")} isOpen onClose={() => setConfirm(false)}>
          <p>{t("settings.deleteConfirm", { name: room.name })}</p>
          <div className="dialog-actions">
            <Button variant="secondary" onPress={() => setConfirm(false)}>{t("cancel")}</Button>
            <Button variant="danger" onPress={() => {
              setConfirm(false);
              del.mutate();
            }}>{t("settings.delete")}</Button>
          </div>
        </Dialog>
      )}
    </Dialog>
  );
}
