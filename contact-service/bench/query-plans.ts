// How bench/inbox-bench.ts reads a query plan: the JSON of EXPLAIN (FORMAT JSON), with or without
// ANALYZE and BUFFERS, in one line, and what it tells about a table.

export type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

const count = (node: PlanNode, key: string) => Number(node[key] ?? 0);

/** A plan in one line: each node with its index or table, its children in brackets. */
export function planLine(node: PlanNode): string {
  const scan = node['Index Name'] ?? node['Relation Name'];
  const backward = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
  const label = `${String(node['Node Type'])}${backward}${scan ? ` ${String(scan)}` : ''}`;
  return node.Plans?.length ? `${label} (${node.Plans.map(planLine).join(', ')})` : label;
}

/** Whether any node of the plan, its subplans included, reads `table` whole. */
export function scansWhole(node: PlanNode, table: string): boolean {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === table) return true;
  return (node.Plans ?? []).some((child) => scansWhole(child, table));
}

/**
 * The rows of `table` an analyzed plan touched to find its rows: those each scan of it returned
 * and those it read and dropped (a filter, a recheck), times its loops. Subplans are left out:
 * they are the lookups made for each row found (related leads, failed deliveries), each bounded
 * by its own LIMIT, not the search for the rows.
 */
export function rowsTouched(node: PlanNode, table: string): number {
  return scansOf(node, table).reduce((sum, scan) => sum + scan.rows, 0);
}

/** The scan of `table` that touched the most rows (as rowsTouched counts them), in words. */
export function heaviestScan(node: PlanNode, table: string): string {
  const [top] = scansOf(node, table).sort((a, b) => b.rows - a.rows);
  if (!top) return '';
  // A bitmap's index is its child's; other scans' children are subplans, no part of the scan.
  const bitmap = top.node['Node Type'] === 'Bitmap Heap Scan';
  return `${top.rows.toLocaleString('en')} in ${planLine(bitmap ? top.node : { ...top.node, Plans: [] })}`;
}

function scansOf(node: PlanNode, table: string): { node: PlanNode; rows: number }[] {
  if (node['Parent Relationship'] === 'SubPlan') return [];
  const own =
    node['Relation Name'] === table
      ? [
          {
            node,
            rows:
              (count(node, 'Actual Rows') +
                count(node, 'Rows Removed by Filter') +
                count(node, 'Rows Removed by Index Recheck')) *
              count(node, 'Actual Loops'),
          },
        ]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => scansOf(child, table))];
}

const buffers = (node: PlanNode) =>
  count(node, 'Shared Hit Blocks') + count(node, 'Shared Read Blocks');
/** The buffers of a node's subplans (a node's count holds its children's). */
const lookups = (node: PlanNode): number =>
  (node.Plans ?? []).reduce(
    (sum, child) =>
      sum + (child['Parent Relationship'] === 'SubPlan' ? buffers(child) : lookups(child)),
    0,
  );

/**
 * The buffers an analyzed plan (with BUFFERS) read or found in the cache, as rowsTouched counts
 * rows: without its subplans.
 */
export const buffersOf = (node: PlanNode) => buffers(node) - lookups(node);
