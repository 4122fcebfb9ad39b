// The messenger call that reads a large body itself (a file): server/app.ts keeps its general body limit off it;
// the call enforces FILE_MAX_BYTES while streaming.
export const MESSENGER_UPLOAD_PATH = /^\/api\/messenger\/rooms\/\d{1,15}\/files$/;
