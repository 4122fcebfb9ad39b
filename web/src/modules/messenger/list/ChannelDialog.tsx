// A new channel: name, description, public (anyone of the company finds and joins it) or private (by
// invitation), optionally for one organisation, and the first members.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Label, Radio, RadioGroup } from "react-aria-components";
import type { OrganizationTreeNode } from "@shared/organizations.ts";
import { ROOM_DESCRIPTION_MAX, ROOM_NAME_MAX, type RoomVisibility } from "@shared/messenger/constants.ts";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { type Option, SelectField } from "../../../ui/SelectField.tsx";
import { errorText } from "../../../lib/i18n.ts";
import type { ApiError } from "../../../lib/api.ts";
import { organizationTreeQuery, userDetailQuery } from "../../../app/queries.ts";
import { createRoom } from "../api.ts";
import { roomsKey } from "../queries.ts";
import { openRoom } from "../store.ts";
import { PeoplePicker } from "./PeoplePicker.tsx";
import type { Person } from "./people.ts";

function flatten(nodes: OrganizationTreeNode[], depth = 0): Option[] {
  return nodes.flatMap((n) => [{ id: String(n.id), label: n.name, depth }, ...flatten(n.children, depth + 1)]);
}

export function ChannelDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation("messenger");
  const qc = useQueryClient();
  const me = useQuery(userDetailQuery).data;
  const orgs = useQuery(organizationTreeQuery);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [visibility, setVisibility] = useState<RoomVisibility>("PUBLIC");
  const [organ, setOrgan] = useState("none");
  const [people, setPeople] = useState<Person[]>([]);
  const [tried, setTried] = useState(false);
  const create = useMutation({
    mutationFn: () => createRoom({
      kind: "CHANNEL", name: name.trim(), description: description.trim(), visibility,
      organId: organ === "none" ? null : Number(organ), userIds: people.map((p) => p.id),
    }),
    onSuccess: (room) => {
      void qc.invalidateQueries({ queryKey: roomsKey });
      qc.setQueryData(["messenger", "room", room.id], room);
      onClose();
      openRoom(room.id);
    },
  });
  const nameError = tried && !name.trim() ? t("channel.nameRequired") : undefined;
  return (
    <Dialog title={t("channel.title")} isOpen onClose={onClose} width={480}>
      <form className="msg-form" onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (name.trim()) create.mutate();
      }}>
        <TextField label={t("channel.name")} value={name} onChange={setName} maxLength={ROOM_NAME_MAX} isRequired errorMessage={nameError} autoFocus />
        <TextField label={t("channel.description")} value={description} onChange={setDescription} maxLength={ROOM_DESCRIPTION_MAX} />
        <RadioGroup className="msg-radios" value={visibility} onChange={(v) => setVisibility(v as RoomVisibility)}>
          <Label className="field-label">{t("channel.visibility")}</Label>
          <Radio value="PUBLIC" className="msg-radio">{t("channel.public")}</Radio>
          <Radio value="PRIVATE" className="msg-radio">{t("channel.private")}</Radio>
        </RadioGroup>
        <SelectField label={t("channel.organ")} value={organ} onChange={setOrgan} description={t("channel.organHint")}
          options={[{ id: "none", label: t("channel.noOrgan") }, ...flatten(orgs.data ?? [])]} />
        <PeoplePicker label={t("channel.members")} chosen={people} onChange={setPeople} exclude={me ? [me.id] : []} />
        {create.error && <p className="field-error" role="alert">{errorText((create.error as ApiError).code, (create.error as ApiError).params)}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("cancel")}</Button>
          <Button type="submit" isDisabled={create.isPending}>{t("channel.create")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
