// How bench/inbox-bench.ts prints a query plan: the JSON of EXPLAIN (FORMAT JSON) in one line.

export type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
/** A plan in one line: each node with its index or table, its children in brackets. */
export function planLine(node: PlanNode): string {
  const scan = node['Index Name'] ?? node['Relation Name'];
  const backward = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
  const label = `${String(node['Node Type'])}${backward}${scan ? ` ${String(scan)}` : ''}`;
  return node.Plans ? `${label} (${node.Plans.map(planLine).join(', ')})` : label;
}
