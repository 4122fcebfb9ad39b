// The messenger's part of the /ws socket (server/realtime/socket-rules.ts): its user and company topics, a room's
// topic for the room's current members only (checked against the database at SUBSCRIBE), presence counted by the
// sockets subscribed to the company's topic (the messenger's window subscribes to it; a page of a company without
// the messenger writes nothing), and the narrowed token of GET /api/messenger/token (scope "messenger": its
// sockets see these topics only). buildApp registers it per app.
import { messengerCompanyTopic, messengerUserTopic } from "../../../shared/messenger/constants.ts";
import type { AppDeps } from "../../lib/context.ts";
import { isRoomMember } from "./access.ts";
import { socketClosed, socketOpened } from "./presence.ts";
import { isMessengerToken, resolveMessengerToken } from "./token.ts";

const ROOM_TOPIC = /^\/topic\/messenger\/room\/(\d{1,15})$/;
const SCOPE = "messenger";

export function registerMessengerSockets(deps: AppDeps) {
  const sockets = deps.realtime.sockets;
  sockets.addRule({
    name: SCOPE,
    own: (auth) => [messengerUserTopic(auth.username), messengerCompanyTopic(auth.companyId)],
    check(deps, auth, topic) {
      const room = ROOM_TOPIC.exec(topic);
      return room ? isRoomMember(deps.db, auth.companyId, auth.userId, Number(room[1])) : undefined;
    },
    joined(deps, auth, topic) {
      if (topic === messengerCompanyTopic(auth.companyId)) void socketOpened(deps, auth);
    },
    left(deps, auth, topic) {
      if (topic === messengerCompanyTopic(auth.companyId)) void socketClosed(deps, auth);
    },
  });
  sockets.addToken({ scope: SCOPE, is: isMessengerToken, resolve: resolveMessengerToken });
}
