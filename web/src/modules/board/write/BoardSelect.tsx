// The board a post goes to: the boards of the tree the user may write on (userPrivilege WRITE or MANAGE),
// indented under their groups and parents; groups and boards the user only reads show as context and cannot be
// chosen (react-aria Select: keyboard, typeahead, disabled options skipped).
import { Button as AriaButton, FieldError, Label, Select, SelectValue } from "react-aria-components";
import type { BoardNode } from "@shared/board/boards.ts";
import { privilegeRank } from "@shared/board/constants.ts";
import { Icon } from "../../../ui/icons.tsx";
import { OptionList } from "../../../ui/SelectField.tsx";

export interface BoardChoice {
  id: number;
  name: string;
  depth: number;
  writable: boolean;
  group: boolean;
}

const writable = (b: BoardNode) => b.boardType === "BOARD" && privilegeRank(b.userPrivilege) >= privilegeRank("WRITE");

/** The tree's nodes that are, or hold, boards the user may write on (special folders left out). */
export function boardChoices(nodes: BoardNode[], depth = 0): BoardChoice[] {
  return nodes.filter((b) => b.id > 0).flatMap((b) => {
    const below = boardChoices(b.children ?? [], depth + 1);
    if (!writable(b) && !below.length) return [];
    return [{ id: b.id, name: b.name, depth, writable: writable(b), group: b.boardType === "GROUP" }, ...below];
  });
}

export function BoardSelect({ label, choices, value, onChange, errorMessage, placeholder }: {
  label: string;
  choices: BoardChoice[];
  value: number | null;
  onChange(id: number): void;
  errorMessage?: string;
  placeholder: string;
}) {
  return (
    <Select className="field ui-select bw-board" selectedKey={value === null ? null : String(value)} placeholder={placeholder}
      onSelectionChange={(k) => k !== null && onChange(Number(k))} isInvalid={!!errorMessage}
      disabledKeys={choices.filter((c) => !c.writable).map((c) => String(c.id))}>
      <Label className="field-label">{label}</Label>
      <AriaButton className="field-input ui-select-button">
        <SelectValue className="ui-select-value" />
        <Icon name="chevronDown" size={16} />
      </AriaButton>
      <FieldError className="field-error">{errorMessage}</FieldError>
      <OptionList options={choices.map((c) => ({ id: String(c.id), label: c.name, depth: c.depth, className: c.writable ? undefined : "bw-board-context" }))} />
    </Select>
  );
}
