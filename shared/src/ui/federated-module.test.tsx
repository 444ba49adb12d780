import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { provideRemoteModuleLoader, type RemoteModuleLoader } from '../contracts/federated-modules';
import { FederatedModule } from './federated-module';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function renderInPage(exposed = 'mf_earn/partner-walls') {
  return render(
    <main>
      <h1>The page</h1>
      <FederatedModule exposed={exposed} label="Partner walls" props={{ name: 'Ada' }} minHeight={420} />
    </main>,
  );
}

const NOTICE = 'Partner walls could not be loaded. Please try again in a moment.';

function hostLoader(implementation: RemoteModuleLoader) {
  const loader = jest.fn(implementation);
  provideRemoteModuleLoader(loader);
  return loader;
}

describe('FederatedModule: another remote\'s component in this page', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    provideRemoteModuleLoader(null);
    jest.restoreAllMocks();
  });

  it('shows a loading placeholder, then the default export of the module with its props', async () => {
    let answer: (module: unknown) => void = () => undefined;
    const loader = hostLoader(() => new Promise((resolve) => (answer = resolve)));
    renderInPage();
    expect(screen.getByRole('status', { name: 'Loading Partner walls' })).toHaveStyle({ minHeight: '420px' });
    answer({ default: Greeting });
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mf_earn', 'partner-walls');
  });

  it('shows "Partner walls could not be loaded" with Retry in its own area when the remote is down', async () => {
    hostLoader(() => Promise.reject(new Error('RUNTIME-003 manifest unavailable')));
    renderInPage();
    const notice = (await screen.findByText(NOTICE)).closest('[role="status"]');
    expect(notice).toHaveAttribute('data-federated-fallback', 'mf_earn/partner-walls');
    expect(within(notice as HTMLElement).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it('asks the remote again on Retry and shows the module once it answers', async () => {
    const loader = hostLoader(jest.fn<Promise<unknown>, [string, string]>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({ default: Greeting }));
    renderInPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('keeps failing to the notice while the remote stays down, one request per Retry', async () => {
    const loader = hostLoader(() => Promise.reject(new Error('down')));
    renderInPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(3);
  });

  it('shows the notice when no host provided a loader (a remote running standalone)', async () => {
    renderInPage();
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      'Federated module mf_earn/partner-walls failed',
      expect.objectContaining({ message: expect.stringContaining('no host provided a federation loader') }),
    );
  });

  it('shows the notice when the module has no default export', async () => {
    hostLoader(async () => ({ PartnerWalls: Greeting }));
    renderInPage();
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  });

  it('contains a module that throws while rendering', async () => {
    hostLoader(async () => ({
      default: () => {
        throw new Error('broken remote');
      },
    }));
    renderInPage();
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
  });

  describe('placement "reserved" (a banner whose place is known before it loads)', () => {
    function renderReserved() {
      return render(
        <main>
          <FederatedModule exposed="mf_account/verify-email-banner" label="Email verification" props={{ name: 'Ada' }} placement="reserved" className="banner-space" />
          <h1>The page</h1>
        </main>,
      );
    }
    const reservedBox = (container: HTMLElement) => container.querySelector('[data-federated-reserved="mf_account/verify-email-banner"]');

    it('holds its place with an empty box, hidden from assistive technology and announcing nothing, then shows the module there', async () => {
      let answer: (module: unknown) => void = () => undefined;
      hostLoader(() => new Promise((resolve) => (answer = resolve)));
      const { container } = renderReserved();
      const box = reservedBox(container);
      expect(box).toHaveClass('banner-space');
      expect(box).toHaveAttribute('aria-hidden', 'true');
      expect(box).toBeEmptyDOMElement();
      expect(container.querySelector('main')?.firstElementChild).toBe(box);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      answer({ default: Greeting });
      expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
      expect(reservedBox(container)).not.toBeInTheDocument();
    });

    it('gives its place back, with no notice, when the remote is down', async () => {
      hostLoader(() => Promise.reject(new Error('RUNTIME-003 manifest unavailable')));
      const { container } = renderReserved();
      await waitFor(() => expect(console.error).toHaveBeenCalled());
      expect(reservedBox(container)).not.toBeInTheDocument();
      expect(container.querySelector('main')?.firstElementChild).toBe(screen.getByRole('heading', { name: 'The page' }));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});
