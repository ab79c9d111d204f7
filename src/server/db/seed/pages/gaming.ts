import { type GamingPage, gamingPageSchema } from '../../../../shared/contracts/pages/gaming';
import content from './gaming.json';

/**
 * Gaming hub: stat cards, the July 2025 release list, achievement tracking guides (Steam, Epic,
 * consoles) and the esports calendar of 10 events from June to August 2025 (docs/product.md#gaming-hub).
 */
export const gamingPage: GamingPage = gamingPageSchema.parse(content);
