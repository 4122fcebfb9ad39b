// A new conversation: one colleague opens the direct conversation with them (the existing one if there is),
// several make a group conversation, which may be named.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserInfo } from "@shared/users.ts";
import { ROOM_NAME_MAX } from "@shared/messenger/constants.ts";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { errorText } from "../../../lib/i18n.ts";
import type { ApiError } from "../../../lib/api.ts";
import { createRoom } from "../api.ts";
import { roomsKey } from "../queries.ts";
import { openRoom } from "../store.ts";
import { PeoplePicker } from "./PeoplePicker.tsx";
import type { Person } from "./people.ts";

export function NewChatDialog({ me, onClose }: { me: UserInfo; onClose(): void }) {
  const { t } = useTranslation("messenger");
  const qc = useQueryClient();
  const [people, setPeople] = useState<Person[]>([]);
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: () => createRoom(people.length === 1
      ? { kind: "DIRECT", userIds: [people[0].id] }
      : { kind: "GROUP", name: name.trim(), userIds: people.map((p) => p.id) }),
    onSuccess: (room) => {
      void qc.invalidateQueries({ queryKey: roomsKey });
      qc.setQueryData(["messenger", "room", room.id], room);
      onClose();
      openRoom(room.id);
    },
  });
  return (
    <Dialog title={t("newChat.title")} isOpen onClose={onClose} width={460}>
      <form className="msg-form" onSubmit={(e) => {
        e.preventDefault();
        if (people.length) create.mutate();
      }}>
        <PeoplePicker label={t("newChat.people")} chosen={people} onChange={setPeople} exclude={[me.id]} />
        {people.length > 1 && <TextField label={t("newChat.name")} value={name} onChange={setName} maxLength={ROOM_NAME_MAX} description={t("newChat.nameHint")} />}
        {create.error && <p className="field-error" role="alert">{errorText((create.error as ApiError).code, (create.error as ApiError).params)}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("cancel")}</Button>
          <Button type="submit" isDisabled={!people.length || create.isPending}>{people.length > 1 ? t("newChat.createGroup") : t("newChat.start")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
