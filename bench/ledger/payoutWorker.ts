/**
 * A worker thread that makes the payouts' COPY rows (`payoutRows`) and hands them over, so they
 * are made on the other core while the server's session stores the previous ones: on the main
 * thread the making (about 5 µs a row) and the server's COPY took turns.
 */
import { parentPort } from 'node:worker_threads';
import { payoutRows } from './generateLedger.js';

export type PayoutWorkerRequest =
  { kind: 'batch'; lo: number; hi: number; rows: number; creators: string[] } | { kind: 'next' };

/** A chunk of rows (transferred, not copied), or null when the batch is done. */
export type PayoutWorkerReply = Uint8Array<ArrayBuffer> | null;

let rows: Generator<Uint8Array<ArrayBuffer>> | undefined;

parentPort?.on('message', (request: PayoutWorkerRequest) => {
  if (request.kind === 'batch') {
    rows = payoutRows(request.lo, request.hi, request.rows, request.creators);
    return;
  }
  const next = rows?.next();
  if (!next || next.done) {
    rows = undefined;
    parentPort!.postMessage(null satisfies PayoutWorkerReply);
    return;
  }
  parentPort!.postMessage(next.value satisfies PayoutWorkerReply, [next.value.buffer]);
});
