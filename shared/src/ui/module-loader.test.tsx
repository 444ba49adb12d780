import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { markArrival, ModuleLoader } from './module-loader';

type Greeting = { text: string };

function renderLoader(load: () => Promise<Greeting>) {
  return render(
    <main>
      <h1>The page</h1>
      <ModuleLoader<Greeting>
        logAs="Greeting module"
        load={load}
        loading={<p>Loading the greeting</p>}
        failure={(retry) => (
          <button type="button" onClick={retry}>
            Retry the greeting
          </button>
        )}
      >
        {(module) => <p>{module.text}</p>}
      </ModuleLoader>
    </main>,
  );
}

describe('ModuleLoader: code that arrives later, in its own area', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows a load marked as arrived in the first render, the place-holder never shown (a preloaded remote)', async () => {
    const arrived = markArrival(Promise.resolve({ text: 'Preloaded' }));
    await act(async () => {
      await arrived;
    });
    renderLoader(() => arrived);
    expect(screen.getByText('Preloaded')).toBeInTheDocument();
    expect(screen.queryByText('Loading the greeting')).not.toBeInTheDocument();
  });

  it('holds the place for a load not marked, even one that has resolved', async () => {
    const resolved = Promise.resolve({ text: 'Later' });
    await resolved;
    renderLoader(() => resolved);
    expect(screen.getByText('Loading the greeting')).toBeInTheDocument();
    expect(await screen.findByText('Later')).toBeInTheDocument();
  });

  it('holds the place while the module loads, then shows it', async () => {
    let answer: (module: Greeting) => void = () => undefined;
    renderLoader(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByText('Loading the greeting')).toBeInTheDocument();
    await act(async () => answer({ text: 'Hello' }));
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(screen.queryByText('Loading the greeting')).not.toBeInTheDocument();
  });

  it('shows the failure in its area only, and says which module failed in the log', async () => {
    const down = new Error('RUNTIME-003 manifest unavailable');
    renderLoader(() => Promise.reject(down));
    expect(await screen.findByRole('button', { name: 'Retry the greeting' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Greeting module failed', down);
  });

  it('starts a new load on Retry and shows the module once it answers', async () => {
    const load = jest.fn<Promise<Greeting>, []>().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ text: 'Back again' });
    renderLoader(load);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Retry the greeting' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails again, one load per Retry, while the module stays down', async () => {
    const load = jest.fn(() => Promise.reject(new Error('down')));
    renderLoader(load);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry the greeting' }));
    await user.click(await screen.findByRole('button', { name: 'Retry the greeting' }));
    expect(await screen.findByRole('button', { name: 'Retry the greeting' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('contains a module that throws while rendering', async () => {
    render(
      <ModuleLoader<Greeting>
        logAs="Broken module"
        load={async () => ({ text: 'never shown' })}
        loading={null}
        failure={() => <p>Broken module notice</p>}
      >
        {() => {
          throw new Error('broken remote');
        }}
      </ModuleLoader>,
    );
    expect(await screen.findByText('Broken module notice')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Broken module failed', expect.objectContaining({ message: 'broken remote' }));
  });

  it('shows a load it is given again (a route table kept by the caller) at once, without the placeholder', async () => {
    const kept = Promise.resolve({ text: 'Kept module' });
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((value) => !value)}>
            Toggle
          </button>
          {shown ? (
            <ModuleLoader<Greeting> logAs="Kept" load={() => kept} loading={<p>Loading kept</p>} failure={() => null}>
              {(module) => <p>{module.text}</p>}
            </ModuleLoader>
          ) : null}
        </>
      );
    }
    render(<Toggle />);
    expect(await screen.findByText('Kept module')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(screen.getByText('Kept module')).toBeInTheDocument();
    expect(screen.queryByText('Loading kept')).not.toBeInTheDocument();
  });
});
