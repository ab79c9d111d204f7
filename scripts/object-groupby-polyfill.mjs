// The Better Auth CLI uses Object.groupBy (Node 21+); this lets it run on Node 20.
if (!Object.groupBy) {
  Object.groupBy = (items, keyOf) => {
    const groups = Object.create(null);
    let i = 0;
    for (const item of items) {
      const key = keyOf(item, i++);
      if (!groups[key]) groups[key] = [];
      groups[key].push(item);
    }
    return groups;
  };
}
