// What Lighthouse's simulated largest paint waited for: the requests and main-thread tasks of the last run's
// simulation (Lantern) of the page's LCP, in the order they ended, with their simulated start and end. Its
// "pessimistic" graph holds every request that ended before the paint Lighthouse observed; the reported LCP is
// the mean of that graph's end and the "optimistic" one's (high-priority requests only).

export type LanternRequest = { url: string; priority: string; transferSize: number };
export type TraceEvent = { name: string; dur?: number; args?: { data?: { url?: string } } };
export type LanternNode =
  | { type: 'network'; request: LanternRequest }
  | { type: 'cpu'; duration: number; childEvents: TraceEvent[]; didPerformLayout(): boolean };
export type NodeTiming = { startTime: number; endTime: number };
type LanternModule = { Simulation: { Simulator: { allNodeTimings: Map<string, Map<LanternNode, NodeTiming>> } } };

const GRAPHS = ['optimisticLargestContentfulPaint', 'pessimisticLargestContentfulPaint'] as const;
export const SCRIPT_EVENTS = new Set(['EvaluateScript', 'FunctionCall', 'v8.compile']);

function describe(node: LanternNode, origin: string): string {
  if (node.type === 'network') {
    const { url, priority, transferSize } = node.request;
    return `${priority.padEnd(8)} ${`${(transferSize / 1024).toFixed(1)} KB`.padStart(8)}  ${url.replace(origin, '')}`;
  }
  const scripts = [...new Set(node.childEvents.filter((event) => SCRIPT_EVENTS.has(event.name) && event.args?.data?.url).map((event) => event.args!.data!.url!.replace(origin, '')))];
  const work = node.didPerformLayout() ? 'task with layout' : 'task';
  return `${work.padEnd(17)} ${`${(node.duration / 1000).toFixed(1)} ms seen`.padStart(12)}  ${scripts.slice(0, 3).join(' ')}`;
}

/** The node timings of the last Lighthouse run's simulation of `graph`; empty if Lighthouse kept none. */
export async function lastSimulation(graph: string): Promise<Array<[LanternNode, NodeTiming]>> {
  // The same module instance Lighthouse ran with: its simulator keeps each simulation's timings.
  const lantern = (await import('lighthouse/core/lib/lantern/lantern.js')) as unknown as LanternModule;
  return [...(lantern.Simulation.Simulator.allNodeTimings.get(graph) ?? new Map<LanternNode, NodeTiming>()).entries()];
}

/** The last Lighthouse run's simulated LCP graphs, one line per request or task; empty if Lighthouse kept none. */
export async function lastLcpPath(origin: string): Promise<string[]> {
  const graphs = await Promise.all(GRAPHS.map(async (graph) => [graph, await lastSimulation(graph)] as const));
  return graphs.flatMap(([graph, simulated]) => {
    const nodes = simulated.sort((a, b) => a[1].endTime - b[1].endTime);
    if (nodes.length === 0) return [];
    const end = Math.max(...nodes.map(([, timing]) => timing.endTime));
    return [
      `${graph}: ${nodes.length} requests and tasks, ends at ${Math.round(end)} ms`,
      ...nodes.map(([node, { startTime, endTime }]) => `${String(Math.round(startTime)).padStart(6)} → ${String(Math.round(endTime)).padStart(5)} ms  ${describe(node, origin)}`),
    ];
  });
}
