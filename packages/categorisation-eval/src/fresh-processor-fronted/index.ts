export { freshBanks, type FreshBank } from './bank-lines';
export { evaluateFreshSet, type FreshEvaluation } from './evaluate';
export { buildFreshSet, freshSet, type FreshItem } from './fresh-set';
export { freshRoutes, freshShops, type FreshRoute, type FreshShop } from './shops';
