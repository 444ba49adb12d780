import { isLazyComponent } from '@rewards/shared/test/route-table.tsx';
import routes from './routes';

describe('mf-admin route table (issue 33)', () => {
  it('owns /admin and everything under it, for signed-in users (the shell mounts it for staff only)', () => {
    expect(routes.map(({ path, audience }) => [path, audience])).toEqual([['/admin/*', 'signed-in']]);
  });

  it('keeps the console out of search results', () => {
    expect(routes[0]?.meta).toMatchObject({ title: 'Staff console', noindex: true });
  });

  it('loads the console lazily, and lets the shell fetch it ahead', async () => {
    expect(isLazyComponent(routes[0]!.Component)).toBe(true);
    await expect(routes[0]!.preload?.()).resolves.toHaveProperty('default');
  });
});
