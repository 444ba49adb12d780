import { runInTasks } from './run-in-tasks';

describe('runInTasks', () => {
  it('runs each step after a task boundary, the next only once the one before has finished', async () => {
    const events: string[] = [];
    let releaseFirst!: () => void;
    const firstDone = new Promise<void>((resolve) => (releaseFirst = resolve));
    const nextTask = jest.fn(async () => {
      events.push('task');
    });
    const running = runInTasks(
      [
        async () => {
          events.push('first starts');
          await firstDone;
          events.push('first ends');
        },
        async () => {
          events.push('second');
        },
      ],
      nextTask,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual(['task', 'first starts']);
    releaseFirst();
    await running;
    expect(events).toEqual(['task', 'first starts', 'first ends', 'task', 'second']);
  });

  it('stops at a step that fails, and fails with its error', async () => {
    const later = jest.fn(async () => undefined);
    await expect(runInTasks([async () => Promise.reject(new Error('chunk failed')), later], async () => undefined)).rejects.toThrow('chunk failed');
    expect(later).not.toHaveBeenCalled();
  });
});
