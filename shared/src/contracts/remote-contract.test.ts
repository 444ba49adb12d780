import { forwardRef, lazy, memo } from 'react';
import { isComponentType, remoteContractProblems } from './remote-contract';

const Page = () => null;
const validRoute = { path: '/Earn', Component: Page, audience: 'signed-in', meta: { title: 'Earn', description: 'Offers that pay.' } };
const routesModule = (routes: unknown) => ({ default: routes });

describe('remoteContractProblems', () => {
  it('accepts a remote that keeps the contract', () => {
    const loaded = {
      './routes': routesModule([validRoute, { ...validRoute, path: '/offers', Component: lazy(async () => ({ default: Page })), meta: { ...validRoute.meta, noindex: true } }]),
      './partner-walls': { default: Page },
      './featured-surveys': { default: memo(Page) },
    };
    expect(remoteContractProblems('mf_earn', loaded)).toEqual([]);
  });

  it('requires ./routes from every remote', () => {
    expect(remoteContractProblems('mf_new', {})).toEqual(["must expose ./routes: the shell loads every remote's route table"]);
  });

  it('requires the modules other remotes load by name', () => {
    expect(remoteContractProblems('mf_earn', { './routes': routesModule([]), './partner-walls': { default: Page } })).toEqual([
      'must expose ./featured-surveys: it is loaded as mf_earn/featured-surveys (EMBEDS.featuredSurveys in @rewards/shared/contracts/embeds)',
    ]);
  });

  it("requires the modules the shell's modal slots load", () => {
    const problems = remoteContractProblems('mf_account', { './routes': routesModule([]), './auth-modals': { default: Page } });
    expect(problems).toEqual([
      "must expose ./settings-modal: it is loaded as mf_account/settings-modal (the shell's settings modal slot)",
      "must expose ./invite-modal: it is loaded as mf_account/invite-modal (the shell's invite modal slot)",
      "must expose ./notifications-panel: it is loaded as mf_account/notifications-panel (the shell's notifications modal slot)",
    ]);
  });

  it('names each broken field of a route', () => {
    const broken = [
      { path: 'Earn', Component: Page, audience: 'signed-in', meta: { title: 'Earn', description: 'x' } },
      { path: '/bonus', Component: 'BonusPage', audience: 'everyone', meta: { title: ' ', description: 'x', noindex: 'yes' }, prefetch: 'offers', prefetchBeforeSession: 'yes' },
      { path: '/Bonus', Component: Page, audience: 'any' },
      'not a route',
    ];
    expect(remoteContractProblems('mf_x', { './routes': routesModule(broken) })).toEqual([
      './routes[0] (Earn): path must be a string starting with "/" and without spaces',
      './routes[1] (/bonus): Component must be a React component (a function, class or lazy())',
      './routes[1] (/bonus): prefetch must be a function or left out',
      './routes[1] (/bonus): prefetchBeforeSession must be true, false or left out',
      './routes[1] (/bonus): audience must be one of "signed-in", "signed-out", "any"',
      './routes[1] (/bonus): meta.title must be a non-empty string',
      './routes[1] (/bonus): meta.noindex must be true, false or left out',
      './routes[2] (/Bonus): path repeats ./routes[1]',
      './routes[2] (/Bonus): meta must be an object with title and description',
      './routes[3]: must be an object with path, Component, meta and audience',
    ]);
  });

  it('requires the route table as the default export', () => {
    expect(remoteContractProblems('mf_x', { './routes': { routes: [validRoute] } })).toEqual([
      './routes: the default export must be an array of routes (RemoteRoute[])',
    ]);
  });

  it('requires a component as the default export of every other exposed module', () => {
    expect(remoteContractProblems('mf_x', { './routes': routesModule([]), './footer': { Footer: Page } })).toEqual([
      './footer: the default export must be a React component (the shell and other remotes mount it)',
    ]);
  });
});

describe('isComponentType', () => {
  it.each([
    ['a function component', Page],
    ['a lazy component', lazy(async () => ({ default: Page }))],
    ['a memo component', memo(Page)],
    ['a forwardRef component', forwardRef(Page)],
  ])('accepts %s', (_label, value) => {
    expect(isComponentType(value)).toBe(true);
  });

  it.each([['a string', 'Page'], ['null', null], ['an element-like object', { type: 'div' }]])('refuses %s', (_label, value) => {
    expect(isComponentType(value)).toBe(false);
  });
});
