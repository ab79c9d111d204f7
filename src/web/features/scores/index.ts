/**
 * The scores feature's public surface: the live score queries (ticker, NFL preseason, MLB weekend) that the
 * sports hub's panels read through FanGrid's API. Apart from the sports feature so the route table, which
 * imports the sports hub's content query, does not carry them to the first load of every screen.
 */
export { mlbScoresQuery, nflPreseasonQuery, tickerQuery } from './api';
