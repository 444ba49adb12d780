import { answerFromWorker } from './bundle-worker';

const isText = (answer: unknown): answer is string => typeof answer === 'string';

describe("a remote bundle's call in a worker thread", () => {
  it('resolves with what the script posts, given its data', async () => {
    const script = "const { parentPort, workerData } = require('node:worker_threads'); parentPort.postMessage('hello ' + workerData.name);";
    await expect(answerFromWorker(script, { name: 'Ada' }, isText, 'greeting')).resolves.toBe('hello Ada');
  });

  it('stops a script that hangs, and fails one that ends, throws or answers something else', async () => {
    await expect(answerFromWorker('setInterval(() => {}, 1000);', null, isText, 'a hanging render', 200)).rejects.toThrow('a hanging render took over 200 ms');
    await expect(answerFromWorker('process.exit(3);', null, isText, 'an exit')).rejects.toThrow('an exit: the worker ended (code 3) without an answer');
    await expect(answerFromWorker("throw new Error('broken bundle');", null, isText, 'a throw')).rejects.toThrow('broken bundle');
    await expect(answerFromWorker("require('node:worker_threads').parentPort.postMessage(42);", null, isText, 'a number')).rejects.toThrow('a number answered something else');
  });
});
