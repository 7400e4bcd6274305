import { graphTypes, neighboursByStrength, normalise, type GraphType, type LifeGraph } from "./graph-model";

// What the explorer shows of the graph: the neighbourhood a large graph opens on, the type
// filters, the name search, and the order of the list. Pure functions of the graph.

/** Above this many entities the explorer opens on one entity's neighbourhood, not everything. */
export const LARGE_GRAPH = 1_500;

export function isLargeGraph(graph: LifeGraph): boolean {
  return graph.order > LARGE_GRAPH;
}

/** The entity a large graph opens around: the writer's own person, else the one with most memories. */
export function defaultFocus(graph: LifeGraph, myself: string | null): string | null {
  if (myself && graph.hasNode(myself)) return myself;
  let best: string | null = null;
  let bestCount = -1;
  // Nodes come in id order: among equals the oldest entity wins.
  graph.forEachNode((node, attributes) => {
    if (attributes.memoryCount > bestCount) {
      best = node;
      bestCount = attributes.memoryCount;
    }
  });
  return best;
}

export interface Neighbourhood {
  focus: string;
  /** 2, or 1 when two hops would still be more than the limit. */
  hops: 1 | 2;
  nodes: ReadonlySet<string>;
  /** Whether even one hop was too many and only the strongest neighbours were kept. */
  truncated: boolean;
}

/**
 * The entities within two links of `focus`; within one when two hops exceed `limit`; and when even
 * its direct neighbours exceed the limit, the strongest of them.
 */
export function neighbourhoodOf(graph: LifeGraph, focus: string, limit = LARGE_GRAPH): Neighbourhood {
  const first = new Set<string>([focus]);
  graph.forEachNeighbor(focus, (neighbour) => void first.add(neighbour));
  if (first.size > limit) {
    const kept = new Set<string>([focus, ...neighboursByStrength(graph, focus).slice(0, Math.max(0, limit - 1))]);
    return { focus, hops: 1, nodes: kept, truncated: true };
  }
  const second = new Set(first);
  for (const node of first) {
    if (node === focus) continue;
    graph.forEachNeighbor(node, (neighbour) => void second.add(neighbour));
    if (second.size > limit) return { focus, hops: 1, nodes: first, truncated: false };
  }
  return { focus, hops: 2, nodes: second, truncated: false };
}

export interface ViewFilter {
  /** The types shown. */
  types: ReadonlySet<GraphType>;
  /** The nodes in view (a neighbourhood), or null for the whole graph. */
  scope: ReadonlySet<string> | null;
}

export function isVisible(graph: LifeGraph, node: string, filter: ViewFilter): boolean {
  if (filter.scope && !filter.scope.has(node)) return false;
  return filter.types.has(graph.getNodeAttribute(node, "entityType"));
}

/** The nodes the filter lets through, in graph order. */
export function visibleNodes(graph: LifeGraph, filter: ViewFilter): Set<string> {
  const visible = new Set<string>();
  const candidates = filter.scope ?? graph.nodes();
  for (const node of candidates) {
    if (graph.hasNode(node) && filter.types.has(graph.getNodeAttribute(node, "entityType"))) visible.add(node);
  }
  return visible;
}

/** How many entities of each type are in the scope (the whole graph when null). */
export function countByType(graph: LifeGraph, scope: ReadonlySet<string> | null): Record<GraphType, number> {
  const counts = Object.fromEntries(graphTypes.map((type) => [type, 0])) as Record<GraphType, number>;
  const count = (node: string) => {
    if (graph.hasNode(node)) counts[graph.getNodeAttribute(node, "entityType")] += 1;
  };
  if (scope) scope.forEach(count);
  else graph.forEachNode(count);
  return counts;
}

/**
 * The candidates whose name contains the query (case and accents aside), best first: the exact
 * name, then names starting with it, then a word starting with it, then the rest; among equals,
 * more memories first.
 */
export function searchNodes(graph: LifeGraph, candidates: Iterable<string>, query: string): string[] {
  const wanted = normalise(query);
  if (!wanted) return [];
  const wordStart = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(wanted)}`, "u");
  const found: { node: string; rank: number; count: number; name: string }[] = [];
  for (const node of candidates) {
    const { searchKey: name, memoryCount } = graph.getNodeAttributes(node);
    const at = name.indexOf(wanted);
    if (at < 0) continue;
    const rank = name === wanted ? 0 : at === 0 ? 1 : wordStart.test(name) ? 2 : 3;
    found.push({ node, rank, count: memoryCount, name });
  }
  found.sort((a, b) => a.rank - b.rank || b.count - a.count || a.name.localeCompare(b.name));
  return found.map((entry) => entry.node);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The list's order: most memories first (the biggest dots), then by name in the reader's language. */
export function listOrder(graph: LifeGraph, nodes: Iterable<string>, language: string): string[] {
  const collator = new Intl.Collator(language, { sensitivity: "base", numeric: true });
  return [...nodes].sort((a, b) => {
    const left = graph.getNodeAttributes(a);
    const right = graph.getNodeAttributes(b);
    return right.memoryCount - left.memoryCount || collator.compare(left.label, right.label) || Number(a) - Number(b);
  });
}
