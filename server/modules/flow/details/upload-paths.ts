// The flow call that reads a large body itself (a task file): server/app.ts keeps its general body limit off it;
// the call enforces FILE_MAX_BYTES while streaming.
export const FLOW_UPLOAD_PATH = /^\/api\/flow\/projects\/\d{1,15}\/tasks\/\d{1,15}\/upload$/;
