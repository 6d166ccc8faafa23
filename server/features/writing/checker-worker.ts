import { parentPort, workerData } from 'node:worker_threads';
import { WritingChecker } from './checker';
import type { CheckReply, CheckRequest, WorkerStart } from './checker-thread';
import { RuleSet } from './rules';

/**
 * The writing checker's thread (decision 052): Harper and the lessons' checks run here, off
 * the server's event loop. It loads Harper once, says it is ready, then answers one check
 * at a time; server/features/writing/checker-thread.ts queues them and restarts it if it dies.
 */
const port = parentPort;
if (!port) throw new Error('checker-worker runs as a worker thread');
const { checks } = workerData as WorkerStart;
const checker = new WritingChecker(new RuleSet(checks));
await checker.warm();
port.postMessage({ type: 'ready' } satisfies CheckReply);
port.on('message', (req: CheckRequest) => {
  void checker.check(req.text, req.dictionary).then(
    (findings) => port.postMessage({ type: 'done', id: req.id, findings } satisfies CheckReply),
    (err: unknown) =>
      port.postMessage({
        type: 'failed',
        id: req.id,
        message: err instanceof Error ? err.message : String(err),
      } satisfies CheckReply),
  );
});
