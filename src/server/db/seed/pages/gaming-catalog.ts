import { type GamingCatalog, gamingCatalogSchema } from '../../../../shared/contracts/pages/gaming-catalog';
import content from './gaming-catalog.json';

/**
 * The gaming hub's four category pages (/action-games, /strategy-games, /rpg-games, /simulation-games) and
 * three tournament pages (/csgo-tournament, /lol-championship, /dota2-international), keyed by slug. A completed
 * match lists its teams and its score winner first.
 */
export const gamingCatalog: GamingCatalog = gamingCatalogSchema.parse(content);
