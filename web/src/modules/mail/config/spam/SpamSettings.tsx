// Mail settings, tab 'spam' (000 §7 "Spam", §2 "spam restore"): the spam log with its actions and detail, then
// the user's block list and allow list.
import { SenderListEditor } from "./SenderLists.tsx";
import { SpamLog } from "./SpamLog.tsx";
import "./spam.css";

export function SpamSettings() {
  return (
    <div className="spam-settings">
      <SpamLog />
      <div className="spam-lists">
        <SenderListEditor kind="BLOCK" />
        <SenderListEditor kind="ALLOW" />
      </div>
    </div>
  );
}
