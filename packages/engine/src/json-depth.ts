/**
 * Whether `value` nests objects and arrays more than `limit` levels deep (a scalar is depth 0, `{}` and `[]` are 1).
 * Walks with its own stack, not recursion: it is what guards the recursive code after it, so it must not overflow
 * on the very input it is there to refuse.
 */
export function jsonDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const inner of Array.isArray(node) ? node : Object.values(node)) {
      if (inner !== null && typeof inner === 'object') stack.push([inner, depth + 1]);
    }
  }
  return false;
}
