/** Live scores (through FanGrid's API, which asks the feeds): the ticker and the sports hub's panels. */
export const scoresPaths = {
  ticker: '/api/scores/ticker',
  nflPreseason: '/api/scores/nfl-preseason',
  mlb: '/api/scores/mlb',
} as const;
