import type { SubAppPages } from '@cityops/subapp';

/**
 * The pages of /omapp that are connected, by route code. Every other route of /omapp in the contract's
 * route table is declared too and shows that it is not connected yet.
 */
export const pages: SubAppPages = {};
