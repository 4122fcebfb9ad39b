// The to-do call that reads a large body itself (an item file): server/app.ts keeps its general body limit off
// it; the call enforces FILE_MAX_BYTES while streaming.
export const TODO_UPLOAD_PATH = /^\/api\/todo\/item\/\d{1,15}\/\d{1,15}\/detail\/file\/upload$/;
