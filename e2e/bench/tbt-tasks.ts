// What made Lighthouse's simulated Total Blocking Time: the main-thread tasks of the last run's simulation (Lantern)
// that passed 50 ms, in the order they started, with their simulated start and end, the duration the trace saw (at
// full CPU speed: the simulation stretches it 4 times) and the work in them. TBT is the sum of each one's time past
// 50 ms between the simulated first contentful paint and the page being interactive.
import { lastSimulation, SCRIPT_EVENTS, type LanternNode, type NodeTiming, type TraceEvent } from './lcp-path';

type CpuNode = Extract<LanternNode, { type: 'cpu' }>;

const GRAPH = 'optimisticTotalBlockingTime';
const BLOCKING_MS = 50;
/** Work worth naming in a task: scripts run, microtasks, parsing, style and layout, paint, garbage collection. */
const NAMED_WORK = new Set([...SCRIPT_EVENTS, 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'Paint', 'ParseHTML', 'MinorGC', 'MajorGC']);
const NAMED_WORK_MIN_US = 1_500;

function work(event: TraceEvent, origin: string): string {
  const url = event.args?.data?.url?.replace(origin, '');
  return `${event.name}${url ? ` ${url}` : ''} ${((event.dur ?? 0) / 1000).toFixed(1)}`;
}

/** The last Lighthouse run's simulated tasks over 50 ms, one line each; empty if Lighthouse kept no simulation. */
export async function lastBlockingTasks(origin: string): Promise<string[]> {
  return (await lastSimulation(GRAPH))
    .filter((entry): entry is [CpuNode, NodeTiming] => entry[0].type === 'cpu' && entry[1].endTime - entry[1].startTime > BLOCKING_MS)
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, { startTime, endTime }]) => {
      const named = node.childEvents.filter((event) => NAMED_WORK.has(event.name) && (event.dur ?? 0) >= NAMED_WORK_MIN_US);
      // A task of the browser's own (committing the navigation, parsing): its longest steps, whatever they are.
      const shown = named.length > 0 ? named : [...node.childEvents].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 3);
      const seen = `${(node.duration / 1000).toFixed(1)} ms seen`;
      return `${String(Math.round(startTime)).padStart(6)} → ${String(Math.round(endTime)).padStart(5)} ms  ${seen.padStart(13)}  ${shown.slice(0, 5).map((event) => work(event, origin)).join(' | ')}`;
    });
}
