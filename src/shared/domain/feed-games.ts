/** How a game of the schedule names its game in the scores feed: `<league>:<event id>` (games.feed_id). */
export const feedIdOf = (league: string, eventId: string) => `${league}:${eventId}`;
