/**
 * The tracked-games feature's public surface: a fan's list of games to watch (in the account or, signed
 * out, in this browser) and the Game Tracker widget that edits it. Code outside this folder imports only
 * this file. This feature has no screen of its own; fan central and the gaming hub show the widget.
 */
export { GameTracker } from './components/game-tracker';
export { localTrackedGames, trackedGamesQuery, useTrackedGameMutations } from './tracked-games';
