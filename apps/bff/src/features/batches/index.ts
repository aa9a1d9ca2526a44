// What the batches feature offers the other features; they import nothing else of it (lint).
export { BATCH_ROW_QUEUE } from './batchQueue.js';
