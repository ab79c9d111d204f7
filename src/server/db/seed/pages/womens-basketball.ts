import {
  type WomensBasketballPage,
  womensBasketballPageSchema,
} from '../../../../shared/contracts/pages/womens-basketball';
import content from './womens-basketball.json';

/**
 * Women's basketball view: the twelve-team 2024 WNBA season (final regular season, 40 games each, best record
 * first), its Finals and the last three games.
 */
export const womensBasketballPage: WomensBasketballPage = womensBasketballPageSchema.parse(content);
