import { benchWithSite } from '../bench/with-site';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
benchWithSite(async (site, browser) => {
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const loads = Number(process.env.LOADS ?? 5);
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] } };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    profile.samples.forEach((id, index) => {
      const dt = profile.timeDeltas[index + 1] ?? 0;
      const n = byId.get(id)!;
      const file = (u: string) => u.split('/').pop()!.replace(/\.[0-9a-f]{10}\.js$/, '.js');
      const key = `${n.callFrame.functionName || '(anon)'} ${file(n.callFrame.url)}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const c = byId.get(cur)!.callFrame;
        const k = `${c.functionName || '(anon)'} ${file(c.url)}:${c.lineNumber}:${c.columnNumber}`;
        if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + dt); }
      }
    });
    await context.close();
  }
  const top = (m: Map<string, number>, n: number) => [...m].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(root)')).sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('self ms per load');
  for (const [k, v] of top(self, Number(process.env.TOP ?? 40))) console.log((v / 1000 / loads).toFixed(1).padStart(7), k);
  console.log('inclusive ms per load');
  for (const [k, v] of top(incl, Number(process.env.TOP ?? 40))) console.log((v / 1000 / loads).toFixed(1).padStart(7), k);
});
