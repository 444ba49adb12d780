// What made Lighthouse's simulated Total Blocking Time: the main-thread tasks of the last run's simulation (Lantern)
// that passed 50 ms, in the order they started, with their simulated start and end, the duration the trace saw (at
// full CPU speed: the simulation stretches it 4 times) and the work in them. TBT is the sum of each one's time past
// 50 ms between the simulated first contentful paint and the page being interactive.
import { SCRIPT_EVENTS, type LanternModule, type LanternNode, type NodeTiming, type TraceEvent } from './lcp-path';

const GRAPH = 'optimisticTotalBlockingTime';
const BLOCKING_MS = 50;
/** Work worth naming in a task: scripts run, style and layout, paint, and a requested resource (each costs time). */
const NAMED_WORK = new Set([...SCRIPT_EVENTS, 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'Paint', 'ParseHTML', 'MinorGC', 'MajorGC']);
const NAMED_WORK_MIN_US = 1_500;

function work(event: TraceEvent, origin: string): string {
  const url = event.args?.data?.url?.replace(origin, '');
  return `${event.name}${url ? ` ${url}` : ''} ${((event.dur ?? 0) / 1000).toFixed(1)}`;
}

/** The last Lighthouse run's simulated tasks over 50 ms, one line each; empty if Lighthouse kept no simulation. */
export async function lastBlockingTasks(origin: string): Promise<string[]> {
  // The same module instance Lighthouse ran with: its simulator keeps each simulation's timings.
  const lantern = (await import('lighthouse/core/lib/lantern/lantern.js')) as unknown as LanternModule;
  const timings = lantern.Simulation.Simulator.allNodeTimings.get(GRAPH) ?? new Map<LanternNode, NodeTiming>();
  return [...timings.entries()]
    .filter(([node, { startTime, endTime }]) => node.type === 'cpu' && endTime - startTime > BLOCKING_MS)
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, { startTime, endTime }]) => {
      const seen = node.type === 'cpu' ? node.duration / 1000 : 0;
      const children = node.type === 'cpu' ? node.childEvents : [];
      const named = children.filter((event) => NAMED_WORK.has(event.name) && (event.dur ?? 0) >= NAMED_WORK_MIN_US);
      // A task of the browser's own (committing the navigation, parsing): its longest steps, whatever they are.
      const shown = named.length > 0 ? named : [...children].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 3);
      return `${String(Math.round(startTime)).padStart(6)} → ${String(Math.round(endTime)).padStart(5)} ms  ${`${seen.toFixed(1)} ms seen`.padStart(13)}  ${shown.slice(0, 5).map((event) => work(event, origin)).join(' | ')}`;
    });
}
