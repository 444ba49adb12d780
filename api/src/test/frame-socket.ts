import WebSocket from 'ws';

/**
 * A raw WebSocket client of the realtime gateway, open: its JSON frames are read in order (`next()` waits for
 * the next one) and `closed` resolves with the close code.
 */
export async function openFrameSocket<Frame>(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: Frame[] = [];
  const waiting: Array<(frame: Frame) => void> = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Frame;
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const next = () => new Promise<Frame>((resolve) => (frames.length > 0 ? resolve(frames.shift()!) : waiting.push(resolve)));
  return { ws, closed, next, send: (frame: object) => ws.send(JSON.stringify(frame)) };
}
