import { tellLiveStatsAtStart } from './live-stats-at-start';

describe('Live Stats told to the site server at start', () => {
  const painted = (withoutLiveStats: boolean) => ({ path: '/Cashout', nodes: [], paintedWithoutLiveStats: withoutLiveStats });
  let writes: string[];

  beforeEach(() => {
    document.cookie = 'live_stats=; Path=/; Max-Age=0';
    writes = [];
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      native.set!.call(document, value);
    });
    jest.spyOn(document, 'cookie', 'get').mockImplementation(() => native.get!.call(document) as string);
  });
  afterEach(() => jest.restoreAllMocks());

  it('writes nothing in the usual case: on, and painted with room for the strip or not painted', () => {
    tellLiveStatsAtStart(true, null);
    tellLiveStatsAtStart(true, painted(false));
    expect(writes).toEqual([]);
  });

  it('keeps the cookie while Live Stats is off, whatever the page was painted for', () => {
    tellLiveStatsAtStart(false, null);
    expect(writes).toEqual(['live_stats=off; Path=/; Max-Age=31536000; SameSite=Lax']);
    tellLiveStatsAtStart(false, painted(true));
    expect(writes).toHaveLength(2);
    expect(document.cookie).toBe('live_stats=off');
  });

  it('takes the cookie away when the page was painted for off although Live Stats is on', () => {
    document.cookie = 'live_stats=off; Path=/';
    tellLiveStatsAtStart(true, painted(true));
    expect(writes.at(-1)).toBe('live_stats=; Path=/; Max-Age=0; SameSite=Lax');
    expect(document.cookie).toBe('');
  });
});
