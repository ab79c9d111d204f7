// The Better Auth CLI uses Object.groupBy (Node 21+); this lets it run on Node 20.
if (!Object.groupBy) {
  Object.groupBy = (items, keyOf) => {
    const groups = Object.create(null);
    let i = 0;
    for (const item of items) (groups[keyOf(item, i++)] ??= []).push(item);
    return groups;
  };
}
