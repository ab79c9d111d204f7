import { type BaseballPage, baseballPageSchema } from '../../../../shared/contracts/pages/baseball';
import content from './baseball.json';

/**
 * Baseball: All-Star recap, six fixtures (each with its board), four matchups, 30 clubs. A fixture's game board
 * has its id as slug, and its page is /<id>-game.
 */
export const baseballPage: BaseballPage = baseballPageSchema.parse({
  ...content,
  fixtures: content.fixtures.map((fixture) => ({ ...fixture, path: `/${fixture.id}-game`, boardSlug: fixture.id })),
});
