import { writeSync } from 'node:fs';
import { constants } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeClient } from './channel-registry';

/** `frameTarget` answers: queue the frame behind what waits for the socket (ws's stream), or drop it (closed). */
export const THROUGH_STREAM = -1;
export const NOWHERE = -2;

/** Fewer members than this are written by the main thread alone: waking a thread costs more than it saves. */
export const MIN_MEMBERS_FOR_THREADS = 256;
/** Frames up to this size go through the threads (the events API refuses far smaller events already). */
const FRAME_CAPACITY = 64 * 1024;
/** A write a thread did not report on (it would have to be dead): the main thread stops using threads. */
const NOT_WRITTEN = -0x7fffffff;
const WAIT_FOR_THREAD_MS = 10_000;
const EAGAIN = -constants.errno.EAGAIN;

const IDLE = 0;
const WORK = 1;
const DONE = 2;
const STOP = 3;

/**
 * A fan-out thread: waits for a range of file descriptors, writes the shared frame to each with write(2) and
 * reports per descriptor the bytes written or the negative errno. Plain JavaScript evaluated as the worker's
 * source, so it runs the same from the sources and from the bundle.
 */
const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const control = new Int32Array(workerData.control);
const fds = new Int32Array(workerData.fds);
const results = new Int32Array(workerData.results);
const frame = Buffer.from(workerData.frame);
for (;;) {
  let state;
  while ((state = Atomics.load(control, 0)) !== ${WORK} && state !== ${STOP}) Atomics.wait(control, 0, state);
  if (state === ${STOP}) break;
  const from = control[1], to = control[2], bytes = frame.subarray(0, control[3]);
  for (let i = from; i < to; i++) {
    try {
      results[i] = writeSync(fds[i], bytes);
    } catch (error) {
      results[i] = typeof error.errno === 'number' && error.errno < 0 ? error.errno : -1;
    }
  }
  Atomics.store(control, 0, ${DONE});
  Atomics.notify(control, 0);
}
`;

type FanOutThread = { worker: Worker; control: Int32Array };

/**
 * Writes one prebuilt frame to every member of a channel. Loopback or not, most of a socket write is the
 * kernel's TCP work (~6 µs here against ~1 µs of JavaScript), so one thread tops out at ~150,000 sockets a
 * second; with `threads` > 0 the members are split between the main thread and that many threads, each
 * calling write(2) on its share of the sockets' file descriptors while the main thread waits for them.
 *
 * Only sockets with nothing queued take a direct write (ws's own frames and earlier frames stay first); the
 * others, and whatever a direct write could not finish (a full socket buffer: EAGAIN or a partial write), go
 * through the socket's stream afterwards, in order, under the buffered-bytes limit. While the threads write,
 * the main thread runs nothing else: no socket can close and no descriptor be reused under them.
 */
export class FrameFanOut {
  private threads: FanOutThread[] = [];
  private readonly fds: Int32Array;
  private readonly results: Int32Array;
  private readonly sharedFrame: Buffer;
  private readonly targets: RealtimeClient[] = [];
  private threadsFailed = false;
  /** Frames written straight to a descriptor, and those of them a write could not finish (left to the stream). */
  readonly counts = { direct: 0, unfinished: 0 };

  private readonly threadCount: number;
  private readonly log: FastifyBaseLogger | undefined;

  /**
   * `capacity`: the most sockets one write covers directly (the gateway's connection limit; 0: every frame goes
   * through the sockets' streams). `threads`: how many threads beside the main one write (REALTIME_FANOUT_THREADS).
   */
  constructor({ threads, capacity, log }: { threads: number; capacity: number; log?: FastifyBaseLogger }) {
    this.threadCount = threads;
    this.log = log;
    const threadCount = threads;
    // Shared with the threads; without threads the main thread still writes straight to the descriptors.
    const memory = (bytes: number) => (threadCount > 0 ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
    this.fds = new Int32Array(memory(4 * capacity));
    this.results = new Int32Array(memory(4 * capacity));
    this.sharedFrame = Buffer.from(memory(threadCount > 0 ? FRAME_CAPACITY : 0));
  }

  write(frame: Buffer, members: Iterable<RealtimeClient>, exceptSocketId: string | undefined): void {
    const { fds, targets } = this;
    let count = 0;
    for (const client of members) {
      if (client.socketId === exceptSocketId) continue;
      const target = client.frameTarget ? client.frameTarget(frame.length) : THROUGH_STREAM;
      if (target >= 0 && count < fds.length) {
        fds[count] = target;
        targets[count++] = client;
      } else if (target >= 0 || target === THROUGH_STREAM) client.sendFrame(frame);
    }
    if (count === 0) return;
    const useThreads = count >= MIN_MEMBERS_FOR_THREADS && frame.length <= FRAME_CAPACITY && !this.threadsFailed && this.startThreads();
    if (useThreads) this.writeWithThreads(frame, count);
    else this.writeHere(frame, 0, count);
    this.settle(frame, count);
  }

  /** Fan-out threads started (they start with the first channel of MIN_MEMBERS_FOR_THREADS members). */
  threadsRunning(): number {
    return this.threadsFailed ? 0 : this.threads.length;
  }

  close(): void {
    for (const { worker, control } of this.threads) {
      Atomics.store(control, 0, STOP);
      Atomics.notify(control, 0);
      void worker.terminate();
    }
    this.threads = [];
  }

  private writeHere(frame: Buffer, from: number, to: number) {
    const { fds, results } = this;
    for (let i = from; i < to; i++) {
      try {
        results[i] = writeSync(fds[i]!, frame);
      } catch (error) {
        const errno = (error as NodeJS.ErrnoException).errno;
        results[i] = typeof errno === 'number' && errno < 0 ? errno : -1;
      }
    }
  }

  private writeWithThreads(frame: Buffer, count: number) {
    frame.copy(this.sharedFrame);
    const shares = this.threads.length + 1;
    const share = Math.ceil(count / shares);
    this.results.fill(NOT_WRITTEN, share, count);
    this.threads.forEach(({ control }, i) => {
      control[1] = Math.min(count, share * (i + 1));
      control[2] = Math.min(count, share * (i + 2));
      control[3] = frame.length;
      Atomics.store(control, 0, WORK);
      Atomics.notify(control, 0);
    });
    this.writeHere(frame, 0, share);
    for (const { control } of this.threads) {
      if (Atomics.wait(control, 0, WORK, WAIT_FOR_THREAD_MS) === 'timed-out') {
        this.threadsFailed = true;
        this.log?.error(`realtime: a fan-out thread did not finish in ${WAIT_FOR_THREAD_MS} ms; writing from the main thread only from now on`);
        continue;
      }
      Atomics.store(control, 0, IDLE);
    }
  }

  /** What the direct writes left: the rest of a frame, a whole frame for a full socket, a broken socket. */
  private settle(frame: Buffer, count: number) {
    const { results, targets, counts } = this;
    counts.direct += count;
    for (let i = 0; i < count; i++) {
      const written = results[i]!;
      const client = targets[i]!;
      if (written === frame.length) continue;
      counts.unfinished += 1;
      if (written >= 0) client.sendFrame(frame.subarray(written));
      else if (written === EAGAIN) client.sendFrame(frame);
      else if (written !== NOT_WRITTEN) client.dropAfterWriteError?.(written);
    }
    targets.length = 0;
  }

  /** Starts the threads on the first large fan-out: a server whose channels stay small never has them. */
  private startThreads(): boolean {
    if (this.threadCount === 0) return false;
    if (this.threads.length > 0) return true;
    try {
      for (let i = 0; i < this.threadCount; i++) {
        const control = new Int32Array(new SharedArrayBuffer(16));
        const worker = new Worker(THREAD_SOURCE, {
          eval: true,
          workerData: { control: control.buffer, fds: this.fds.buffer, results: this.results.buffer, frame: this.sharedFrame.buffer },
        });
        worker.unref();
        worker.on('error', (error) => {
          this.threadsFailed = true;
          this.log?.error({ err: error }, 'realtime: a fan-out thread failed; writing from the main thread only from now on');
        });
        this.threads.push({ worker, control });
      }
      return true;
    } catch (error) {
      this.threadsFailed = true;
      this.log?.error({ err: error }, 'realtime: could not start the fan-out threads; writing from the main thread only');
      this.close();
      return false;
    }
  }
}
