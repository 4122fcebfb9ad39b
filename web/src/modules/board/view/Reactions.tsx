// Reactions (001 §3 "Post": like, celebrate, cool, cheer up): four toggle buttons with their counts, the user's
// own pressed; pressing another replaces it (PUT feeling), pressing the own one removes it (DELETE feeling).
// "Who reacted" opens a popover listing the names under each reaction (GET feeling). board.32 on failure,
// board.20 when they do not load.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogTrigger, Heading, Popover, ToggleButton } from "react-aria-components";
import { FEEL_TYPES, type FeelType } from "@shared/board/constants.ts";
import type { Post } from "@shared/board/posts.ts";
import type { Feelings } from "@shared/board/replies.ts";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import * as boardApi from "../api.ts";
import { boardKeys, feelingsQuery } from "../queries.ts";
import { FEEL_ICONS } from "./feel-icons.ts";
import { failed, failureText } from "./feedback.ts";


export function Reactions({ post }: { post: Post }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const q = useQuery(feelingsQuery(post.id));
  const [busy, setBusy] = useState(false);
  const countOf = (type: FeelType) =>
    (q.data?.feelList ?? post.feelList).find((f) => f.feelType === type)?.count ?? 0;
  const mine = q.data ? q.data.feelType : post.feelType;

  async function press(type: FeelType) {
    if (busy) return;
    setBusy(true);
    try {
      const next = mine === type ? await boardApi.unfeel(post.id) : await boardApi.feel(post.id, type);
      qc.setQueryData<Feelings>(boardKeys.feelings(post.id), next);
      void qc.invalidateQueries({ queryKey: boardKeys.post(post.id) });
    } catch (e) {
      failed(e, "feelFailed");
    } finally {
      setBusy(false);
    }
  }

  const total = q.data?.feelCount ?? post.feelCount;
  return (
    <section className="bv-feel" aria-label={t("view.feelings")}>
      <div className="bv-feel-buttons">
        {FEEL_TYPES.map((type) => (
          <ToggleButton key={type} className="bv-feel-btn" isSelected={mine === type} isDisabled={busy} onChange={() => void press(type)}>
            <SvgIcon d={FEEL_ICONS[type]} size={16} /> {t(`view.feel.${type}`)} <span className="bv-feel-count">{countOf(type)}</span>
          </ToggleButton>
        ))}
      </div>
      {q.isError && <p className="bv-error" role="alert">{failureText(q.error, "feelLoadFailed")}</p>}
      {total > 0 && q.data && (
        <DialogTrigger>
          <Button variant="ghost" className="bv-small">{t("view.whoReacted", { count: total })}</Button>
          <Popover className="bv-popover" placement="bottom start">
            <Dialog className="bv-popover-dialog">
              <Heading slot="title" className="bv-popover-title">{t("view.whoReactedTitle")}</Heading>
              {q.data.feelList.filter((f) => f.count > 0).map((f) => (
                <div key={f.feelType} className="bv-who-group">
                  <h3 className="bv-who-type"><SvgIcon d={FEEL_ICONS[f.feelType]} size={14} /> {t(`view.feel.${f.feelType}`)} {f.count}</h3>
                  <ul className="bv-who-names">{f.users.map((u) => <li key={u.id} title={u.email}>{u.name}</li>)}</ul>
                </div>
              ))}
            </Dialog>
          </Popover>
        </DialogTrigger>
      )}
    </section>
  );
}
